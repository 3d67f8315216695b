import { GridFSBucket, type Db } from 'mongodb';
import { assertSafeKey, type Blob, type BlobStore } from './types';

/** Blobs in MongoDB GridFS, keyed by filename; a put replaces older versions once the new one is complete. */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  constructor(private readonly db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'blobs' });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    const older = await this.bucket.find({ filename: key }).toArray();
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(data);
    });
    await Promise.all(older.map((f) => this.bucket.delete(f._id)));
  }

  async get(key: string): Promise<Blob | null> {
    assertSafeKey(key);
    const [file] = await this.bucket.find({ filename: key }).sort({ uploadDate: -1 }).limit(1).toArray();
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    const contentType =
      (file.metadata as { contentType?: string } | undefined)?.contentType ?? 'application/octet-stream';
    return { data, contentType, size: data.length };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const files = await this.bucket.find({ filename: key }).toArray();
    await Promise.all(files.map((f) => this.bucket.delete(f._id)));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix.replace(/\/+$/, ''));
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const files = await this.bucket.find({ filename: { $regex: `^${escaped}` } }).toArray();
    await Promise.all(files.map((f) => this.bucket.delete(f._id)));
  }
}
