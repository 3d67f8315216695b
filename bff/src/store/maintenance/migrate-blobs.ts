import { createHash } from 'node:crypto';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { FileBlobStore } from '../blobs/file-blob-store';
import { GridFsBlobStore } from '../blobs/gridfs-blob-store';
import { S3BlobStore, type S3Options } from '../blobs/s3-blob-store';
import { BlobDamagedError, type BlobStore } from '../model/types';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface BlobMigrationReport {
  ok: boolean;
  copied: number;
  /** Already in the bucket with the same checksum and size (an earlier run copied them). */
  skipped: number;
  /** Keys left behind, each with why. */
  failed: string[];
  lines: string[];
}

/**
 * Copies every blob of `source` to the bucket. Idempotent and resumable: a blob already there with the
 * same SHA-256 and size is skipped, so a run stopped half-way (or one made while the server still wrote)
 * is finished by running it again. Each copy is read back and compared before it counts.
 */
export async function migrateBlobs(
  source: BlobStore,
  target: S3BlobStore,
  progress: (line: string) => void = () => undefined,
): Promise<BlobMigrationReport> {
  let copied = 0;
  let skipped = 0;
  const failed: string[] = [];
  for await (const key of source.keys()) {
    try {
      const blob = await source.get(key);
      if (!blob) continue; // deleted since it was listed
      const digest = sha256(blob.data);
      const there = await target.stat(key);
      if (there?.sha256 === digest && there.size === blob.size) {
        skipped += 1;
        continue;
      }
      await target.put(key, blob.data, blob.contentType);
      const back = await target.get(key);
      if (
        !back ||
        back.size !== blob.size ||
        sha256(back.data) !== digest ||
        back.contentType !== blob.contentType
      )
        throw new Error('the copy read back differs');
      copied += 1;
      if (copied % 100 === 0) progress(`${copied} copied so far`);
    } catch (err) {
      const why = err instanceof BlobDamagedError ? err.message.split(': ').pop() : (err as Error).message;
      failed.push(`${key} (${why})`);
    }
  }
  const lines = [`${copied} blobs copied, ${skipped} already in the bucket, ${failed.length} failed.`];
  for (const f of failed) lines.push(`NOT COPIED ${f}`);
  if (failed.length > 0)
    lines.push(
      'Damaged blobs need a backup or their project deleted; other failures: run the command again.',
    );
  return { ok: failed.length === 0, copied, skipped, failed, lines };
}

export interface MigrationSource {
  dataDir: string;
  mongodbUri?: string | undefined;
  mongodbDb: string;
}

/** `store:migrate-blobs`: from GridFS (with MONGODB_URI) or DATA_DIR/blobs to the configured bucket. */
export async function migrateConfiguredBlobs(
  from: MigrationSource,
  to: S3Options,
  progress?: (line: string) => void,
): Promise<BlobMigrationReport> {
  const target = new S3BlobStore(to);
  const client = from.mongodbUri ? await new MongoClient(from.mongodbUri).connect() : null;
  try {
    const source = client
      ? new GridFsBlobStore(client.db(from.mongodbDb))
      : FileBlobStore.reader(path.join(from.dataDir, 'blobs'));
    return await migrateBlobs(source, target, progress);
  } finally {
    target.close();
    await client?.close();
  }
}
