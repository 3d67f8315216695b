import { GridFSBucket, type Db, type GridFSFile, type ObjectId } from 'mongodb';
import { assertContentType, assertSafeKey, type Blob, type BlobStore } from './types';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const notFound = (err: unknown) => err instanceof Error && /file ?not ?found/i.test(err.message);

/**
 * Blobs in MongoDB GridFS, keyed by filename. A put uploads a new file and only then removes older
 * versions, and a get reads the newest, so readers never see a partial upload.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'blobs' });
  }

  private async remove(ids: ObjectId[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        this.bucket.delete(id).catch((err: unknown) => {
          // Someone else deleted it first: the outcome is the same.
          if (!notFound(err)) throw err;
        }),
      ),
    );
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    assertContentType(contentType);
    const older = await this.bucket.find({ filename: key }, { projection: { _id: 1 } }).toArray();
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(data);
    });
    await this.remove(older.map((f) => f._id));
  }

  async get(key: string): Promise<Blob | null> {
    assertSafeKey(key);
    const [file] = await this.bucket
      .find({ filename: key })
      .sort({ uploadDate: -1, _id: -1 })
      .limit(1)
      .toArray();
    return file ? this.read(file) : null;
  }

  private async read(file: GridFSFile): Promise<Blob | null> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of this.bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    } catch (err) {
      // Replaced or deleted while it was being read.
      if (notFound(err)) return null;
      throw err;
    }
    const data = Buffer.concat(chunks);
    const contentType =
      (file.metadata as { contentType?: string } | undefined)?.contentType ?? 'application/octet-stream';
    return { data, contentType, size: data.length };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const files = await this.bucket.find({ filename: key }, { projection: { _id: 1 } }).toArray();
    await this.remove(files.map((f) => f._id));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const base = prefix.replace(/\/+$/, '');
    assertSafeKey(base);
    const files = await this.bucket
      .find({ filename: { $regex: `^${escapeRegex(base)}(/|$)` } }, { projection: { _id: 1 } })
      .toArray();
    await this.remove(files.map((f) => f._id));
  }
}
