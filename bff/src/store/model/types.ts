/**
 * A Mongo-compatible subset, so the same repository code runs on NeDB and MongoDB.
 * Filters: equality (also on dotted paths), $lt $lte $gt $gte $ne $in $exists $elemMatch, $or and $and,
 * and `{ field: { $regex: RegExp } }` (a RegExp object, flag `i` at most: both backends take it as is).
 * Updates: $set $unset $inc $setOnInsert $push $addToSet $pull. Never $setOnInsert and $set on the same field.
 * $pull takes a value or a filter of the array's elements (`{ projectId: 'p1' }`).
 */
export type Doc = { _id: string };
export type Filter = Record<string, unknown>;
export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, '' | true | 1>;
  $inc?: Record<string, number>;
  $setOnInsert?: Record<string, unknown>;
  $push?: Record<string, unknown>;
  $addToSet?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
}
export type Sort = Record<string, 1 | -1>;
/** Either only inclusions (1) or only exclusions (0), as in MongoDB; `_id` always comes back. */
export type Projection = Record<string, 0 | 1>;
export interface FindOptions {
  sort?: Sort;
  limit?: number;
}
export interface ProjectedFindOptions extends FindOptions {
  projection: Projection;
}
export interface UpdateResult {
  matched: number;
  modified: number;
  upserted: boolean;
}
export interface FindOneAndUpdateOptions {
  /** Default 'before' (as in MongoDB): null when nothing matched, or when an upsert inserted. */
  returnDocument?: 'before' | 'after';
  upsert?: boolean;
  /** Which document wins when several match (the job queue takes the oldest). */
  sort?: Sort;
}
export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  sparse?: boolean;
  /** MongoDB TTL only; on NeDB repositories filter expired documents on read and `purgeExpired` removes them. */
  expireAfterSeconds?: number;
  /** False: MongoDB only; the embedded store does without it (its queries scan). Default true. */
  embedded?: boolean;
}

export interface DocCollection<T extends Doc> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options: ProjectedFindOptions): Promise<(Pick<T, '_id'> & Partial<T>)[]>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  /** Throws DuplicateKeyError when a unique index (or `_id`) already holds the value. */
  insertOne(doc: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  /** Atomic: the document is matched and changed in one step (credits and job claims rely on it). */
  findOneAndUpdate(filter: Filter, update: Update, options?: FindOneAndUpdateOptions): Promise<T | null>;
  /** Returns how many documents were removed. */
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter: Filter): Promise<number>;
  countDocuments(filter: Filter): Promise<number>;
  ensureIndex(spec: IndexSpec): Promise<void>;
}

export interface Blob {
  data: Buffer;
  contentType: string;
  size: number;
}
/** How a short-lived link answers: the cache policy its response carries, and how long it stays valid. */
export interface BlobLinkOptions {
  cacheControl: string;
  expiresInSeconds: number;
}
export interface BlobLink {
  url: string;
  contentType: string;
  size: number;
}
export interface BlobStore {
  /** Replaces any blob under the same key; readers see the old or the new blob, never half of one. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
  /** Deletes `prefix` itself and every key under `prefix/` (a folder): `projects/p1` never touches `projects/p10`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The names of the folders directly inside `folder` (`projects` -> the project ids that have blobs). */
  listFolders(folder: string): Promise<string[]>;
  /** When anything under the folder `prefix` was last written; null when it holds nothing. */
  folderModifiedAt(prefix: string): Promise<Date | null>;
  /** Every key in the store (the migration to object storage walks them). */
  keys(): AsyncIterable<string>;
  /** Stores that can hand out their own URL (object storage): a presigned GET; null when absent. */
  link?(key: string, options: BlobLinkOptions): Promise<BlobLink | null>;
}

/** A stored blob whose bytes no longer match what was written (a damaged disk, a truncated file). */
export class BlobDamagedError extends Error {
  override name = 'BlobDamagedError';
  constructor(
    readonly key: string,
    detail: string,
  ) {
    super(`Damaged blob ${key}: ${detail}`);
  }
}

/** A unique index refused the write (both backends map their own error to this). */
export class DuplicateKeyError extends Error {
  override name = 'DuplicateKeyError';
}

/** Blob keys are paths like `projects/<id>/original.jpg`; nothing may climb out of the blob root. */
export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9_-][A-Za-z0-9_./-]{0,300}$/.test(key) ||
    key.split('/').some((p) => p === '..' || p === '.' || p === '')
  ) {
    throw new Error(`Unsafe blob key: ${JSON.stringify(key)}`);
  }
}

/** A MIME type such as `image/jpeg` (parameters allowed), on one line. */
export function assertContentType(contentType: string): void {
  if (!/^[\w.+-]+\/[\w.+-]+(\s*;[^\r\n]*)?$/.test(contentType) || contentType.length > 200)
    throw new Error(`Invalid content type: ${JSON.stringify(contentType)}`);
}
