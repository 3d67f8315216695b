import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileBlobStore } from './file-blob-store';

describe('FileBlobStore (embedded blobs)', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'stagely-blobs-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('removes temp files a crash left behind and never exposes them as blobs', async () => {
    await mkdir(path.join(root, '.tmp'), { recursive: true });
    await writeFile(path.join(root, '.tmp', 'half-written'), 'partial');
    const blobs = await FileBlobStore.open(root);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    await blobs.put('a/b.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await readdir(path.join(root, 'a'))).toEqual(['b.jpg']);
  });

  it('writes type and bytes in one file, and a folder key reads as missing', async () => {
    const blobs = await FileBlobStore.open(root);
    await blobs.put('p/x.png', Buffer.from([1, 2, 3]), 'image/png');
    const raw = await readFile(path.join(root, 'p', 'x.png'));
    expect(raw.subarray(-3)).toEqual(Buffer.from([1, 2, 3]));
    expect(await blobs.get('p')).toBeNull();
    await blobs.delete('p');
    expect((await blobs.get('p/x.png'))?.contentType).toBe('image/png');
  });

  it('refuses to read a file that is not a blob rather than serve it with a guessed type', async () => {
    const blobs = await FileBlobStore.open(root);
    await writeFile(path.join(root, 'stray.html'), '<script>alert(1)</script>');
    await expect(blobs.get('stray.html')).rejects.toThrow(/Corrupt blob/);
  });
});
