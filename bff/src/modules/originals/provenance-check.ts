import type { ProvenanceCheck } from '@shared/api';
import { UPLOAD_MESSAGES, originalPath } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../http/errors';
import { processImage } from '../../images';

/** A photo to check is decoded to this size only to prove it is whole. */
const CHECK_DECODE_EDGE = 64;

/** What a photo says of its making: its C2PA manifest, and the original page its watermark names. */
export async function checkProvenance(
  { config, provenance }: Pick<AppDeps, 'config' | 'provenance'>,
  file: Buffer | null,
): Promise<ProvenanceCheck> {
  if (!file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
  // Decoded whole once first: an empty, damaged, oversized or foreign file gets the uploads' sentences.
  await processImage(file, { maxLongEdge: CHECK_DECODE_EDGE });
  const { c2pa, watermark } = await provenance.read(file);
  const code = watermark?.code ?? null;
  const originalUrl = code ? `${config.appOrigin}${originalPath(code)}` : null;
  return { c2pa, watermark: watermark ? { code, originalUrl } : null };
}
