import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertContentType, assertSafeKey, type Blob, type BlobStore } from './types';

/** Each file starts with this line and the content type, so type and bytes are written by one rename. */
const MAGIC = 'STAGELY-BLOB/1 ';
const MAX_HEADER = 300;
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ERR_FS_EISDIR']);
const TMP_DIR = '.tmp';

const isMissing = (err: unknown) => MISSING.has((err as NodeJS.ErrnoException).code ?? '');

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
      await writeFile(tmp, Buffer.concat([Buffer.from(`${MAGIC}${contentType}\n`), data]));
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
    const newline = raw.indexOf(10);
    const header = newline > 0 && newline < MAX_HEADER ? raw.subarray(0, newline).toString('utf8') : '';
    if (!header.startsWith(MAGIC)) throw new Error(`Corrupt blob: ${key}`);
    const data = raw.subarray(newline + 1);
    return { data, contentType: header.slice(MAGIC.length), size: data.length };
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
}
