import { createHash } from 'node:crypto';
import { ORIGINAL_PATH_PREFIX } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { exportJpeg, providerOutputFromJson, type ImageReader, type StoredImage } from '../../images';
import { projectBlobKeys, providerOutputKey, type ProjectDoc } from '../../store';
import { provenanceOf } from './handover';
import { imageNotFound } from './project-images';

/** Who the C2PA manifest names as the software agent. */
const SOFTWARE_AGENT = 'Stagely';

export type HandedOutDeps = Pick<AppDeps, 'config' | 'store' | 'engine' | 'provenance'>;

/** The short code an original's address ends in (…/o/{code}); null without an address. */
const codeOf = (originalUrl: string | null) => {
  const path = originalUrl ? new URL(originalUrl).pathname : '';
  return path.startsWith(ORIGINAL_PATH_PREFIX) ? path.slice(ORIGINAL_PATH_PREFIX.length) : null;
};

/**
 * `data`, an altered image of `project` made from the result stored at `resultKey`, as it leaves us: a
 * watermark carrying its original's short code, then a signed C2PA manifest naming the original as
 * parent, the model, the original's page and, when it came with a manifest, the engine's own output.
 */
export async function handedOut(
  deps: HandedOutDeps,
  project: ProjectDoc,
  data: Buffer,
  originalUrl: string | null,
  resultKey: string | undefined,
): Promise<Buffer> {
  const [original, kept] = await Promise.all([
    deps.store.blobs.get(project.images.original),
    // A record that cannot be read costs the file its component, never the download.
    resultKey ? deps.store.blobs.get(providerOutputKey(resultKey)).catch(() => null) : null,
  ]);
  if (!original) throw imageNotFound();
  const model = deps.engine.kind === project.engine ? deps.engine.model : null;
  return deps.provenance.mark(data, {
    original: {
      data: original.data,
      contentType: original.contentType,
      title: `original-${project._id}.jpg`,
    },
    made: 'composite',
    disclosure: provenanceOf(project, originalUrl).disclosure,
    originalUrl,
    code: codeOf(originalUrl),
    agent: { name: SOFTWARE_AGENT, version: deps.config.version, engine: project.engine, model },
    provider: kept ? providerOutputFromJson(kept.data) : null,
  });
}

/**
 * A staged image as a share or buyers' page shows it (marked like a download), made once per image and
 * original address and kept beside it; read through `read`, so object storage still hands it out by link.
 */
export async function handedOutImage(
  deps: HandedOutDeps,
  read: ImageReader,
  project: ProjectDoc,
  stagedKey: string,
  originalUrl: string | null,
): Promise<StoredImage> {
  const linkId = createHash('sha256')
    .update(JSON.stringify({ shown: stagedKey, originalUrl, version: project.currentVersion ?? 1 }))
    .digest('hex')
    .slice(0, 16);
  const key = projectBlobKeys(project._id).listing(linkId);
  const kept = await read(key, 'public');
  if (kept) return kept;
  const staged = await deps.store.blobs.get(stagedKey);
  if (!staged) throw imageNotFound();
  const provenance = provenanceOf(project, originalUrl);
  const made = await handedOut(
    deps,
    project,
    await exportJpeg(staged.data, { provenance }),
    originalUrl,
    stagedKey,
  );
  // Not kept (a full disk): this visitor gets the bytes, the next one has them made again.
  const put = await deps.store.blobs.put(key, made, 'image/jpeg').then(
    () => true,
    () => false,
  );
  return (put && (await read(key, 'public'))) || { contentType: 'image/jpeg', data: made };
}
