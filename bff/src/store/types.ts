/** A Mongo-compatible subset, so the same repository code runs on NeDB and MongoDB. */
export type Doc = { _id: string };
export type Filter = Record<string, unknown>;
export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, '' | true | 1>;
  $inc?: Record<string, number>;
  $setOnInsert?: Record<string, unknown>;
  $push?: Record<string, unknown>;
}
export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
}
export interface UpdateResult {
  matched: number;
  modified: number;
  upserted: boolean;
}
export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  sparse?: boolean;
  /** MongoDB TTL; NeDB has none, so repositories also filter expired documents on read. */
  expireAfterSeconds?: number;
}

export interface DocCollection<T extends Doc> {
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  insertOne(doc: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: { upsert?: boolean }): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  /** Atomic: the document is matched and changed in one step (credits and job claims rely on it). */
  findOneAndUpdate(
    filter: Filter,
    update: Update,
    options?: { returnDocument?: 'before' | 'after'; upsert?: boolean; sort?: Record<string, 1 | -1> },
  ): Promise<T | null>;
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
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
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
