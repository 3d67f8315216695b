import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLoopbackS3, type LoopbackS3 } from '../../testing/s3-server';
import { S3BlobStore } from './s3-blob-store';

const PRIVATE = { cacheControl: 'private, no-store', expiresInSeconds: 300 };

describe('presigned links to S3 objects', () => {
  let s3: LoopbackS3;
  let store: S3BlobStore;
  beforeEach(async () => {
    s3 = await startLoopbackS3();
    store = new S3BlobStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
  });
  afterEach(async () => {
    store.close();
    await s3.stop();
  });

  it('answers with the stored type and the asked cache policy, for the link lifetime asked', async () => {
    await store.put('projects/p1/thumb.jpg', Buffer.from('thumb bytes'), 'image/webp');
    const link = await store.link('projects/p1/thumb.jpg', PRIVATE);
    expect(link).toMatchObject({ contentType: 'image/webp', size: 11 });
    expect(new URL(link?.url ?? '').searchParams.get('X-Amz-Expires')).toBe('300');
    const res = await fetch(link?.url ?? '');
    expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'private, no-store',
    ]);
    expect(await res.text()).toBe('thumb bytes');
  });

  it('hands the same link out again, and none once the object is replaced or deleted', async () => {
    expect(await store.link('projects/p1/original.jpg', PRIVATE)).toBeNull();
    await store.put('projects/p1/original.jpg', Buffer.from('a'), 'image/jpeg');
    const first = await store.link('projects/p1/original.jpg', PRIVATE);
    expect((await store.link('projects/p1/original.jpg', PRIVATE))?.url).toBe(first?.url);
    const shared = await store.link('projects/p1/original.jpg', { ...PRIVATE, cacheControl: 'public' });
    expect(shared?.url).not.toBe(first?.url);

    await store.put('projects/p1/original.jpg', Buffer.from('png now'), 'image/png');
    expect(await store.link('projects/p1/original.jpg', PRIVATE)).toMatchObject({
      contentType: 'image/png',
      size: 7,
    });
    await store.delete('projects/p1/original.jpg');
    expect(await store.link('projects/p1/original.jpg', PRIVATE)).toBeNull();

    await store.put('projects/p2/original.jpg', Buffer.from('b'), 'image/jpeg');
    expect(await store.link('projects/p2/original.jpg', PRIVATE)).not.toBeNull();
    await store.deletePrefix('projects/p2/');
    expect(await store.link('projects/p2/original.jpg', PRIVATE)).toBeNull();
  });

  it('knows an object another process wrote, by asking the bucket', async () => {
    const other = new S3BlobStore({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
    await other.put('users/u1/profile.webp', Buffer.from('me'), 'image/webp');
    other.close();
    expect(await store.link('users/u1/profile.webp', PRIVATE)).toMatchObject({
      contentType: 'image/webp',
      size: 2,
    });
  });
});
