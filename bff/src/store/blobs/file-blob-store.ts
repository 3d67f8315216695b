import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertContentType,
  assertSafeKey,
  BlobDamagedError,
  type Blob,
  type BlobStore,
} from '../model/types';

/**
 * Each file starts with one header line: the format, the SHA-256 and length of the bytes, and the
 * content type, so type and bytes are written by one rename and damage is seen on read.
 */
const MAGIC_V2 = 'STAGELY-BLOB/2 ';
/** Files written before checksums: the header holds only the content type. */
const MAGIC_V1 = 'STAGELY-BLOB/1 ';
const MAX_HEADER = 400;
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ERR_FS_EISDIR']);
const TMP_DIR = '.tmp';

const isMissing = (err: unknown) => MISSING.has((err as NodeJS.ErrnoException).code ?? '');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The bytes and type of a stored file, or BlobDamagedError when they are not what was written. */
function decode(key: string, raw: Buffer): Blob {
  const newline = raw.indexOf(10);
  const header = newline > 0 && newline < MAX_HEADER ? raw.subarray(0, newline).toString('utf8') : '';
  const data = raw.subarray(newline + 1);
  if (header.startsWith(MAGIC_V1))
    return { data, contentType: header.slice(MAGIC_V1.length), size: data.length };
  if (!header.startsWith(MAGIC_V2)) throw new BlobDamagedError(key, 'unreadable header');
  const [digest, length, contentType] = header.slice(MAGIC_V2.length).split(' ');
  if (!digest || !length || !contentType) throw new BlobDamagedError(key, 'unreadable header');
  if (Number(length) !== data.length)
    throw new BlobDamagedError(key, `${data.length} of ${length} bytes present`);
  if (sha256(data) !== digest) throw new BlobDamagedError(key, 'checksum mismatch');
  return { data, contentType, size: data.length };
}

/** Blobs as files under `root`. Keys are checked twice: by pattern, then by the resolved path. */
export class FileBlobStore implements BlobStore {
  private readonly root: string;
  private readonly tmp: string;

  private constructor(root: string) {
    this.root = path.resolve(root);
    this.tmp = path.join(this.root, TMP_DIR);
  }

  /** Opens the folder; temp files left by a crash mid-write are removed (the store is one process). */
  static async open(root: string): Promise<FileBlobStore> {
    const store = new FileBlobStore(root);
    await rm(store.tmp, { recursive: true, force: true });
    await mkdir(store.tmp, { recursive: true });
    return store;
  }

  /** Opens the folder for reading beside a running server: its temp files are left alone. */
  static reader(root: string): FileBlobStore {
    return new FileBlobStore(root);
  }

  private file(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Unsafe blob key: ${JSON.stringify(key)}`);
    return full;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const file = this.file(key);
    assertContentType(contentType);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a crash never leaves a half-written blob under the real name.
    const tmp = path.join(this.tmp, randomBytes(12).toString('hex'));
    try {
      await mkdir(this.tmp, { recursive: true });
      const header = `${MAGIC_V2}${sha256(data)} ${data.length} ${contentType}\n`;
      await writeFile(tmp, Buffer.concat([Buffer.from(header), data]));
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Blob | null> {
    let raw: Buffer;
    try {
      raw = await readFile(this.file(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    return decode(key, raw);
  }

  async delete(key: string): Promise<void> {
    try {
      await rm(this.file(key), { force: true });
    } catch (err) {
      // A key that names a folder is not a blob; deletePrefix removes folders.
      if (!isMissing(err)) throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // A prefix is a key or a folder of keys, so removing that path removes exactly the blobs under it.
    await rm(this.file(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  async listFolders(folder: string): Promise<string[]> {
    try {
      const entries = await readdir(this.file(folder.replace(/\/+$/, '')), { withFileTypes: true });
      return entries.filter((e) => e.isDirectory()).map((e) => e.name);
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
  }

  async *keys(): AsyncIterable<string> {
    const visit = async function* (dir: string, rel: string): AsyncIterable<string> {
      const entries = await readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
        if (isMissing(err)) return [];
        throw err;
      });
      for (const e of entries) {
        if (!rel && e.name === TMP_DIR) continue;
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) yield* visit(path.join(dir, e.name), key);
        else yield key;
      }
    };
    yield* visit(this.root, '');
  }

  async folderModifiedAt(prefix: string): Promise<Date | null> {
    const dir = this.file(prefix.replace(/\/+$/, ''));
    let latest: number | null = null;
    const visit = async (at: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(at, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const e of entries) {
        const full = path.join(at, e.name);
        if (e.isDirectory()) await visit(full);
        else {
          const { mtimeMs } = await stat(full).catch(() => ({ mtimeMs: Number.NaN }));
          if (!Number.isNaN(mtimeMs)) latest = Math.max(latest ?? 0, mtimeMs);
        }
      }
    };
    await visit(dir);
    return latest === null ? null : new Date(latest);
  }
}
