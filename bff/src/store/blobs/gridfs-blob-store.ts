import { createHash } from 'node:crypto';
import { GridFSBucket, type Db, type GridFSFile, type ObjectId } from 'mongodb';
import {
  assertContentType,
  assertSafeKey,
  BlobDamagedError,
  type Blob,
  type BlobStore,
} from '../model/types';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const notFound = (err: unknown) => err instanceof Error && /file ?not ?found/i.test(err.message);

/**
 * Blobs in MongoDB GridFS, keyed by filename. A put uploads a new file and only then removes older
 * versions, and a get reads the newest, so readers never see a partial upload.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;
  private readonly files;

  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: 'blobs' });
    this.files = db.collection<GridFSFile>('blobs.files');
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
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType, sha256: sha256(data) } });
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
    const meta = (file.metadata ?? {}) as { contentType?: string; sha256?: string };
    if (data.length !== file.length)
      throw new BlobDamagedError(file.filename, `${data.length} of ${file.length} bytes present`);
    // Blobs stored before checksums were kept carry none.
    if (meta.sha256 && sha256(data) !== meta.sha256)
      throw new BlobDamagedError(file.filename, 'checksum mismatch');
    return { data, contentType: meta.contentType ?? 'application/octet-stream', size: data.length };
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

  async listFolders(folder: string): Promise<string[]> {
    const base = folder.replace(/\/+$/, '');
    assertSafeKey(base);
    const names = await this.files.distinct('filename', { filename: { $regex: `^${escapeRegex(base)}/` } });
    const folders = new Set<string>();
    for (const name of names) {
      const [child, ...rest] = name.slice(base.length + 1).split('/');
      if (child && rest.length > 0) folders.add(child);
    }
    return [...folders];
  }

  async *keys(): AsyncIterable<string> {
    for (const name of await this.files.distinct('filename')) yield name;
  }

  async folderModifiedAt(prefix: string): Promise<Date | null> {
    const base = prefix.replace(/\/+$/, '');
    assertSafeKey(base);
    const [newest] = await this.bucket
      .find({ filename: { $regex: `^${escapeRegex(base)}/` } }, { projection: { uploadDate: 1 } })
      .sort({ uploadDate: -1 })
      .limit(1)
      .toArray();
    return newest?.uploadDate ?? null;
  }
}
