import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackS3, type LoopbackS3 } from '../../testing/s3-server';
import { FileBlobStore } from '../blobs/file-blob-store';
import { migrateConfiguredBlobs } from './migrate-blobs';
import { S3BlobStore, type S3Options } from '../blobs/s3-blob-store';

describe('copying the images from DATA_DIR to a bucket', () => {
  let s3: LoopbackS3;
  let dataDir: string;
  let to: S3Options;
  let bucket: S3BlobStore;
  beforeEach(async () => {
    s3 = await startLoopbackS3();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-migrate-'));
    to = { bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true };
    bucket = new S3BlobStore(to);
  });
  afterEach(async () => {
    bucket.close();
    await s3.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const from = () => ({ dataDir, mongodbDb: 'unused' });

  it('copies every blob with its type, verified; a second run copies nothing; a changed blob is copied again', async () => {
    const files = await FileBlobStore.open(path.join(dataDir, 'blobs'));
    const blobs = {
      'projects/p1/original.jpg': ['image/jpeg', Buffer.alloc(300_000, 1)],
      'projects/p1/thumb.jpg': ['image/webp', Buffer.from('thumb')],
      'users/u1/profile.webp': ['image/webp', Buffer.from('me')],
    } as const;
    for (const [key, [type, data]] of Object.entries(blobs)) await files.put(key, data, type);

    const first = await migrateConfiguredBlobs(from(), to);
    expect([first.ok, first.copied, first.skipped, first.failed]).toEqual([true, 3, 0, []]);
    for (const [key, [type, data]] of Object.entries(blobs))
      expect(await bucket.get(key), key).toEqual({ data, contentType: type, size: data.length });

    const again = await migrateConfiguredBlobs(from(), to);
    expect([again.ok, again.copied, again.skipped]).toEqual([true, 0, 3]);

    // Written while the server still ran on files: the next run picks it up, and only it.
    await files.put('projects/p1/thumb.jpg', Buffer.from('newer thumb'), 'image/jpeg');
    const third = await migrateConfiguredBlobs(from(), to);
    expect([third.copied, third.skipped]).toEqual([1, 2]);
    expect((await bucket.get('projects/p1/thumb.jpg'))?.data.toString()).toBe('newer thumb');
  });

  it('leaves a damaged blob behind and says which, copying the rest', async () => {
    const root = path.join(dataDir, 'blobs');
    const files = await FileBlobStore.open(root);
    await files.put('projects/p1/original.jpg', Buffer.from('good photo'), 'image/jpeg');
    await files.put('projects/p2/original.jpg', Buffer.from('good photo'), 'image/jpeg');
    const file = path.join(root, 'projects/p2/original.jpg');
    await writeFile(file, (await readFile(file)).toString().replace('good', 'evil'));

    const report = await migrateConfiguredBlobs(from(), to);
    expect(report.ok).toBe(false);
    expect(report.copied).toBe(1);
    expect(report.failed).toEqual(['projects/p2/original.jpg (checksum mismatch)']);
    expect(report.lines.join('\n')).toContain('NOT COPIED projects/p2/original.jpg');
    expect(await bucket.get('projects/p2/original.jpg')).toBeNull();
  });
});
