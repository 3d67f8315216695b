import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileBlobStore } from './file-blob-store';
import { BlobDamagedError } from '../model/types';

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
    await expect(blobs.get('stray.html')).rejects.toThrow(BlobDamagedError);
  });

  it('finds a truncated, flipped or lengthened blob on read instead of serving it', async () => {
    const blobs = await FileBlobStore.open(root);
    const data = Buffer.alloc(5000, 9);
    for (const [name, damage] of [
      ['short', (raw: Buffer) => raw.subarray(0, raw.length - 100)],
      ['flipped', (raw: Buffer) => Buffer.concat([raw.subarray(0, -1), Buffer.from([0])])],
      ['long', (raw: Buffer) => Buffer.concat([raw, Buffer.from('junk')])],
      ['header', (raw: Buffer) => Buffer.concat([Buffer.from('garbage'), raw.subarray(15)])],
    ] as const) {
      const key = `projects/p1/${name}.jpg`;
      await blobs.put(key, data, 'image/jpeg');
      const file = path.join(root, 'projects', 'p1', `${name}.jpg`);
      await writeFile(file, damage(await readFile(file)));
      await expect(blobs.get(key), name).rejects.toThrow(BlobDamagedError);
    }
  });

  it('still reads blobs written before checksums', async () => {
    const blobs = await FileBlobStore.open(root);
    await mkdir(path.join(root, 'old'), { recursive: true });
    await writeFile(path.join(root, 'old', 'a.jpg'), Buffer.from('STAGELY-BLOB/1 image/jpeg\nbytes'));
    expect(await blobs.get('old/a.jpg')).toEqual({
      data: Buffer.from('bytes'),
      contentType: 'image/jpeg',
      size: 5,
    });
  });
});
