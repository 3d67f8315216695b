import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type Blob, type BlobStore } from './types';

/** Blobs as files under `root`; the content type sits beside each file so it is served with its real type. */
export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Unsafe blob key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a crash never leaves a half-written blob under the real name.
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(`${tmp}.type`, contentType);
    await writeFile(tmp, data);
    await rename(`${tmp}.type`, `${file}.type`);
    await rename(tmp, file);
  }

  async get(key: string): Promise<Blob | null> {
    const file = this.file(key);
    try {
      const [data, contentType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
      return { data, contentType, size: data.length };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await Promise.all([rm(file, { force: true }), rm(`${file}.type`, { force: true })]);
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Prefixes are folders (`projects/<id>`), so removing the folder removes every blob under it.
    await rm(this.file(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }
}
