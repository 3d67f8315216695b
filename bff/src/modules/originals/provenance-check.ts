import type { ProvenanceCheck } from '@shared/api';
import { UPLOAD_MESSAGES, originalPath } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../http/errors';
import { processImage } from '../../images';

/** The photo is decoded once, to the size the watermark is read at (smaller ones stay as they are). */
const CHECK_DECODE_EDGE = 1024;
const CHECK_QUALITY = 95;

/** What a photo says of its making: its C2PA manifest, and the original page its watermark names. */
export async function checkProvenance(
  { config, provenance }: Pick<AppDeps, 'config' | 'provenance'>,
  file: Buffer | null,
): Promise<ProvenanceCheck> {
  if (!file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
  // Decoded whole once: an empty, damaged, oversized or foreign file gets the uploads' sentences.
  const decoded = await processImage(file, { maxLongEdge: CHECK_DECODE_EDGE, quality: CHECK_QUALITY });
  const { c2pa, watermark } = await provenance.read(file, decoded.data);
  const code = watermark?.code ?? null;
  const originalUrl = code ? `${config.appOrigin}${originalPath(code)}` : null;
  return { c2pa, watermark: watermark ? { code, originalUrl } : null };
}
