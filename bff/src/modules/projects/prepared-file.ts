import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { C2paState } from '../../images';
import { projectBlobKeys, type ProjectDoc } from '../../store';

export type PreparedFileDeps = Pick<AppDeps, 'config' | 'store' | 'engine' | 'provenance' | 'logger'>;

/** An altered file as it leaves us, and what its hand-over record keeps of it. */
export interface PreparedFile {
  data: Buffer;
  sha256: string;
  /** What its C2PA manifest was worth when it was checked; the bytes are the same since (same SHA-256). */
  c2pa: C2paState;
}

/** What is kept beside a prepared file: the digest of the bytes checked and the check's verdict. */
const checkSchema = z.object({
  sha256: z.string(),
  c2pa: z.enum(['valid', 'valid-untrusted', 'invalid', 'none']),
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The kept check, when it is one and is of `digest`'s bytes; null otherwise (then checked again). */
function keptCheckOf(raw: Buffer | undefined, digest: string): C2paState | null {
  if (!raw) return null;
  try {
    const parsed = checkSchema.safeParse(JSON.parse(raw.toString('utf8')));
    return parsed.success && parsed.data.sha256 === digest ? parsed.data.c2pa : null;
  } catch {
    return null;
  }
}

/**
 * An altered file of `project` as handed out (exported, labelled, watermarked, signed), made by `make`
 * once per `recipe` (its variant: plate, original's address, size) and current version, and kept in the
 * blob store with its C2PA check beside it: a repeat download reads the bytes back instead of rendering,
 * marking, signing and checking them again. What else the bytes depend on (the app's version, the
 * engine's model, the signing certificate) is in the key too, so any change makes a new file; kept files
 * go with their project.
 */
export async function preparedFile(
  deps: PreparedFileDeps,
  project: ProjectDoc,
  recipe: Record<string, unknown>,
  make: () => Promise<Buffer>,
): Promise<PreparedFile> {
  const { store, provenance, logger } = deps;
  const linkId = createHash('sha256')
    .update(
      JSON.stringify({
        ...recipe,
        version: project.currentVersion ?? 1,
        app: deps.config.version,
        model: deps.engine.kind === project.engine ? deps.engine.model : null,
        signer: provenance.signer,
      }),
    )
    .digest('hex')
    .slice(0, 16);
  const keys = projectBlobKeys(project._id);
  const fileKey = keys.listing(linkId);
  const checkKey = keys.listingCheck(linkId);
  // A kept file that cannot be read (damaged, a full disk) is made again, never a failed download.
  const [kept, keptCheck] = await Promise.all([
    store.blobs.get(fileKey).catch(() => null),
    store.blobs.get(checkKey).catch(() => null),
  ]);
  const data = kept?.data ?? (await make());
  const digest = sha256(data);
  const checked = kept ? keptCheckOf(keptCheck?.data, digest) : null;
  if (checked) return { data, sha256: digest, c2pa: checked };
  // The file as the MLS will receive it: its signature checked once, for the audit packet.
  const c2pa = await provenance.checkC2pa(data).catch(() => 'invalid' as const);
  const check = Buffer.from(JSON.stringify({ sha256: digest, c2pa }));
  // The file first: a check is only ever kept for bytes that are there. Not kept (a full disk): the
  // download goes on, the next one makes it again.
  await (kept ? Promise.resolve() : store.blobs.put(fileKey, data, 'image/jpeg'))
    .then(() => store.blobs.put(checkKey, check, 'application/json'))
    .catch((err: unknown) => logger.warn({ err, key: fileKey }, 'prepared file not kept'));
  return { data, sha256: digest, c2pa };
}
