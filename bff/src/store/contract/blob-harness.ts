import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { MongoClient } from 'mongodb';
import { startLoopbackS3 } from '../../testing/s3-server';
import { FileBlobStore } from '../blobs/file-blob-store';
import { GridFsBlobStore } from '../blobs/gridfs-blob-store';
import { S3BlobStore } from '../blobs/s3-blob-store';
import type { BlobStore } from '../model/types';

export type BlobBackendName = 'files' | 'gridfs' | 's3';

const mongoUri = process.env.MONGODB_URI;

/** Files and S3 (a loopback server through the real SDK) always; GridFS when MONGODB_URI is set. */
export const BLOB_BACKENDS: { name: BlobBackendName; enabled: boolean }[] = [
  { name: 'files', enabled: true },
  { name: 'gridfs', enabled: Boolean(mongoUri) },
  { name: 's3', enabled: true },
];

/** Multipart uploads take parts of at least 5 MiB; the S3 store uses the smallest to test them cheaply. */
export const S3_TEST_PART_BYTES = 5 * 1024 * 1024;

export interface BlobHarness {
  blobs: BlobStore;
  /** Replaces the stored bytes of `key` behind the store's back, keeping its recorded checksum. */
  damage(key: string, bytes: Buffer): Promise<void>;
  dispose(): Promise<void>;
}

/** One empty blob store per test. */
export async function createBlobHarness(backend: BlobBackendName): Promise<BlobHarness> {
  if (backend === 'files') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-blobs-'));
    return {
      blobs: await FileBlobStore.open(dir),
      async damage(key, bytes) {
        const raw = await readFile(path.join(dir, key));
        await writeFile(path.join(dir, key), Buffer.concat([raw.subarray(0, raw.indexOf(10) + 1), bytes]));
      },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  }
  if (backend === 'gridfs') {
    const client = await new MongoClient(mongoUri ?? '').connect();
    const db = client.db(`stagely_blobs_${process.pid}_${randomBytes(4).toString('hex')}`);
    return {
      blobs: new GridFsBlobStore(db),
      damage: () => Promise.reject(new Error('not used on GridFS')),
      async dispose() {
        await db.dropDatabase();
        await client.close();
      },
    };
  }
  const s3 = await startLoopbackS3();
  const store = new S3BlobStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    partBytes: S3_TEST_PART_BYTES,
  });
  return {
    blobs: store,
    async damage(key, bytes) {
      const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      const Metadata = { ...head.Metadata, length: String(bytes.length) };
      await store.client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: bytes,
          ContentType: head.ContentType,
          Metadata,
        }),
      );
    },
    async dispose() {
      store.close();
      await s3.stop();
    },
  };
}
