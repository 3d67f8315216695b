import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobDamagedError } from '../model/types';
import { BLOB_BACKENDS, createBlobHarness, S3_TEST_PART_BYTES, type BlobHarness } from './blob-harness';

if (!process.env.MONGODB_URI)
  console.log('blob store contract: GridFS run skipped (set MONGODB_URI to run it against a real server)');

const ESCAPES = [
  '../x',
  '/etc/passwd',
  'a/../../b',
  'a//b',
  './a',
  'a/./b',
  'a\\..\\b',
  '',
  'a/b/',
  '.hidden',
];

for (const backend of BLOB_BACKENDS) {
  describe.skipIf(!backend.enabled)(`blob store contract: ${backend.name}`, () => {
    let h: BlobHarness;
    beforeEach(async () => {
      h = await createBlobHarness(backend.name);
    });
    afterEach(() => h.dispose());

    it('stores blobs with their type and replaces them whole', async () => {
      const { blobs } = h;
      expect(await blobs.get('projects/p1/original.jpg')).toBeNull();
      await blobs.put('projects/p1/original.jpg', Buffer.from('jpeg'), 'image/jpeg');
      expect(await blobs.get('projects/p1/original.jpg')).toEqual({
        data: Buffer.from('jpeg'),
        contentType: 'image/jpeg',
        size: 4,
      });
      const big = Buffer.alloc(600_000, 7);
      await blobs.put('projects/p1/original.jpg', big, 'image/webp');
      const replaced = await blobs.get('projects/p1/original.jpg');
      expect(replaced?.contentType).toBe('image/webp');
      expect(replaced?.data.equals(big)).toBe(true);
      await blobs.put('empty', Buffer.alloc(0), 'application/octet-stream');
      expect((await blobs.get('empty'))?.size).toBe(0);
      await blobs.delete('projects/p1/original.jpg');
      await blobs.delete('projects/p1/original.jpg');
      expect(await blobs.get('projects/p1/original.jpg')).toBeNull();
    });

    it('deletes by folder prefix without touching look-alike keys', async () => {
      const { blobs } = h;
      for (const key of ['projects/p1/original.jpg', 'projects/p1/staged/0.jpg', 'projects/p10/original.jpg'])
        await blobs.put(key, Buffer.from(key), 'image/jpeg');
      await blobs.deletePrefix('projects/p1/');
      expect(await blobs.get('projects/p1/original.jpg')).toBeNull();
      expect(await blobs.get('projects/p1/staged/0.jpg')).toBeNull();
      expect((await blobs.get('projects/p10/original.jpg'))?.data.toString()).toBe(
        'projects/p10/original.jpg',
      );
      await blobs.deletePrefix('projects/none');
    });

    it('lists the folders of a folder and when each was last written', async () => {
      const { blobs } = h;
      expect(await blobs.listFolders('projects')).toEqual([]);
      const before = Date.now();
      for (const key of [
        'projects/p1/original.jpg',
        'projects/p1/thumb.jpg',
        'projects/p2/a.jpg',
        'users/u1/x',
      ])
        await blobs.put(key, Buffer.from(key), 'image/jpeg');
      expect((await blobs.listFolders('projects')).sort()).toEqual(['p1', 'p2']);
      expect(await blobs.listFolders('users')).toEqual(['u1']);
      const at = await blobs.folderModifiedAt('projects/p1/');
      expect(at?.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(at?.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
      expect(await blobs.folderModifiedAt('projects/p9/')).toBeNull();
      await blobs.deletePrefix('projects/p1/');
      expect(await blobs.listFolders('projects')).toEqual(['p2']);
    });

    it('refuses keys that could escape the blob folder, and bad content types', async () => {
      const { blobs } = h;
      for (const key of ESCAPES) {
        await expect(blobs.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Unsafe/);
        await expect(blobs.get(key), key).rejects.toThrow(/Unsafe/);
        await expect(blobs.delete(key), key).rejects.toThrow(/Unsafe/);
      }
      for (const prefix of ['', '/', '..', '../', '/etc']) {
        await expect(blobs.deletePrefix(prefix), prefix).rejects.toThrow(/Unsafe/);
      }
      await expect(blobs.put('ok.txt', Buffer.from('x'), 'text/plain\nX-Evil: 1')).rejects.toThrow(
        /content type/,
      );
    });

    it('stores a blob larger than one upload part whole (multipart on object storage)', async () => {
      const big = Buffer.alloc(2 * S3_TEST_PART_BYTES + 12_345);
      for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
      await h.blobs.put('projects/p1/big.jpg', big, 'image/jpeg');
      const back = await h.blobs.get('projects/p1/big.jpg');
      expect(back?.size).toBe(big.length);
      expect(back?.data.equals(big)).toBe(true);
      expect(back?.contentType).toBe('image/jpeg');
    }, 60_000);

    it('deletes a folder of more than 1,000 blobs (listings come in pages of 1,000)', async () => {
      const keys = Array.from({ length: 1005 }, (_, i) => `projects/p1/staged-${i}.jpg`);
      for (let i = 0; i < keys.length; i += 50)
        await Promise.all(keys.slice(i, i + 50).map((k) => h.blobs.put(k, Buffer.from(k), 'image/jpeg')));
      await h.blobs.put('projects/p2/original.jpg', Buffer.from('keep'), 'image/jpeg');
      expect((await h.blobs.listFolders('projects')).sort()).toEqual(['p1', 'p2']);
      await h.blobs.deletePrefix('projects/p1');
      expect(await h.blobs.get(keys[0] ?? '')).toBeNull();
      expect(await h.blobs.get(keys[1004] ?? '')).toBeNull();
      expect(await h.blobs.folderModifiedAt('projects/p1/')).toBeNull();
      expect(await h.blobs.listFolders('projects')).toEqual(['p2']);
    }, 120_000);

    it("walks every key, and none of the store's own files", async () => {
      for (const key of ['projects/p1/original.jpg', 'projects/p1/thumb.jpg', 'users/u1/profile.webp', 'top'])
        await h.blobs.put(key, Buffer.from(key), 'image/jpeg');
      const keys: string[] = [];
      for await (const key of h.blobs.keys()) keys.push(key);
      expect(keys.sort()).toEqual([
        'projects/p1/original.jpg',
        'projects/p1/thumb.jpg',
        'top',
        'users/u1/profile.webp',
      ]);
    });

    it.skipIf(backend.name === 'gridfs')(
      'refuses a blob whose bytes changed after it was written',
      async () => {
        await h.blobs.put('projects/p1/original.jpg', Buffer.from('the real photo'), 'image/jpeg');
        await h.damage('projects/p1/original.jpg', Buffer.from('the fake photo'));
        await expect(h.blobs.get('projects/p1/original.jpg')).rejects.toBeInstanceOf(BlobDamagedError);
      },
    );
  });
}
