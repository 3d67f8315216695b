import type Datastore from '@seald-io/nedb';
import { compactInSlices } from '../maintenance/nedb-compaction';
import Cursor from '@seald-io/nedb/lib/cursor.js';
import model from '@seald-io/nedb/lib/model.js';
import { comparatorOf, topOf } from './nedb-sort';
import { mendTail } from './nedb-file-check';
import { Mutex } from './mutex';
import { stripUndefined, toNedbUpdate, upsertDocument } from './nedb-documents';
import {
  DuplicateKeyError,
  type Doc,
  type DocCollection,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexSpec,
  type ProjectedFindOptions,
  type Sort,
  type Update,
  type UpdateResult,
} from '../model/types';

type Raw = Record<string, unknown>;
/** NeDB names a compound index by its fields, sorted and joined with commas. */
const indexKey = (fieldName: string | string[]) =>
  Array.isArray(fieldName) ? [...fieldName].sort().join(',') : fieldName;

export interface NedbCollectionOptions {
  /** The data file, to cut a torn last line before reloading after a failed write. */
  file?: string;
  /** Told the number of records after every insert or removal (the store's manifest). */
  onCount?: (records: number) => Promise<void> | void;
  /** Memory could not be brought back in line with the file: the process must not go on serving. */
  onFatal?: (err: unknown) => void;
}

const isUniqueViolation = (err: unknown) =>
  (err as { errorType?: string } | null)?.errorType === 'uniqueViolated';
/** Reloading rewrites the file last; a full disk failing that step leaves memory already read from disk. */
const WRITE_REFUSED = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

async function mapErrors<R>(op: () => Promise<R>): Promise<R> {
  try {
    return await op();
  } catch (err) {
    if (isUniqueViolation(err)) throw new DuplicateKeyError((err as Error).message);
    throw err;
  }
}

/**
 * The collection interface over one NeDB datastore. NeDB runs each operation alone, but a
 * read-then-write (sorted claim, conditional upsert) is two operations, so every write also holds a
 * per-collection mutex. Embedded mode is one process by design (open-store takes a DATA_DIR lock).
 * NeDB changes memory first and appends to the file after: when the append fails (a full disk), the
 * collection is reloaded from the file, so memory never stays ahead of what is on disk.
 */
export class NedbCollection<T extends Doc> implements DocCollection<T> {
  private readonly mutex = new Mutex();
  private records: number;
  /** Bumped whenever the file is read anew, so a compaction begun before knows to give up. */
  private reloads = 0;

  constructor(
    private readonly db: Datastore<Raw>,
    private readonly options: NedbCollectionOptions = {},
  ) {
    this.records = db.getAllData().length;
  }

  /** Runs a write under the mutex; a failed write other than a unique violation resyncs memory with the file. */
  private write<R>(op: () => Promise<R>): Promise<R> {
    return this.mutex.run(async () => {
      try {
        return await op();
      } catch (err) {
        if (!isUniqueViolation(err)) await this.reloadFromFile();
        throw err;
      }
    });
  }

  private async counted(delta: number): Promise<void> {
    if (delta === 0) return;
    this.records += delta;
    await this.options.onCount?.(this.records);
  }

  private async reloadFromFile(): Promise<void> {
    this.reloads += 1;
    try {
      if (this.options.file) await mendTail(this.options.file);
      await this.db.loadDatabaseAsync();
    } catch (err) {
      if (!WRITE_REFUSED.has((err as NodeJS.ErrnoException).code ?? '')) {
        (
          this.options.onFatal ??
          ((e: unknown) => {
            throw e;
          })
        )(err);
      }
    }
    this.records = this.db.getAllData().length;
    await this.options.onCount?.(this.records);
  }

  async findOne(filter: Filter): Promise<T | null> {
    return ((await this.db.findOneAsync(filter)) as T | null) ?? null;
  }

  find(filter: Filter, options: ProjectedFindOptions): Promise<(Pick<T, '_id'> & Partial<T>)[]>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  async find(
    filter: Filter,
    options: FindOptions & { projection?: ProjectedFindOptions['projection'] } = {},
  ) {
    const { sort, limit, projection } = options;
    if (sort && limit && !projection && Object.keys(sort).every((k) => !k.includes('.')))
      return this.findTop(filter, sort, limit);
    let cursor = this.db.findAsync(filter);
    if (projection) cursor = cursor.projection(projection);
    if (sort) cursor = cursor.sort(sort);
    if (limit) cursor = cursor.limit(limit);
    return (await cursor) as unknown as T[];
  }

  /**
   * The first `limit` documents in `sort` order. NeDB's own sort copies or compares every match (an owner's
   * 2,000 projects for a page of 21); here its cursor hands over its matches uncopied, the few first are
   * picked by one comparison each, and only they are copied.
   */
  private findTop(filter: Filter, sort: Sort, limit: number): Promise<T[]> {
    const compare = comparatorOf(sort);
    return new Cursor(this.db, filter, (docs) =>
      topOf(docs, compare, limit).map((doc) => model.deepCopy(doc) as unknown as T),
    ).execAsync();
  }

  insertOne(doc: T): Promise<void> {
    return this.write(() => this.insertUnlocked(stripUndefined(doc) as unknown as Raw).then(() => undefined));
  }

  private async insertUnlocked(doc: Raw): Promise<Raw> {
    doc._id ??= crypto.randomUUID();
    const inserted = await mapErrors(() => this.db.insertAsync(doc));
    await this.counted(1);
    return inserted;
  }

  private async updateUnlocked(
    filter: Filter,
    update: Update,
    multi: boolean,
    upsert: boolean,
  ): Promise<UpdateResult> {
    const matched = multi ? await this.db.countAsync(filter) : (await this.db.findOneAsync(filter)) ? 1 : 0;
    if (matched === 0) {
      if (!upsert) return { matched: 0, modified: 0, upserted: false };
      await this.insertUnlocked(upsertDocument(filter, update));
      return { matched: 0, modified: 0, upserted: true };
    }
    const nedbUpdate = toNedbUpdate(update);
    if (Object.keys(nedbUpdate).length === 0) return { matched, modified: 0, upserted: false };
    const { numAffected } = await mapErrors(() => this.db.updateAsync(filter, nedbUpdate, { multi }));
    return { matched, modified: numAffected, upserted: false };
  }

  updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.write(() => this.updateUnlocked(filter, update, false, options.upsert ?? false));
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.write(() => this.updateUnlocked(filter, update, true, false));
  }

  findOneAndUpdate(filter: Filter, update: Update, options: FindOneAndUpdateOptions = {}): Promise<T | null> {
    return this.write(async () => {
      const [current] = await this.find(
        filter,
        options.sort ? { sort: options.sort, limit: 1 } : { limit: 1 },
      );
      if (!current) {
        if (!options.upsert) return null;
        const inserted = await this.insertUnlocked(upsertDocument(filter, update));
        return options.returnDocument === 'after' ? (inserted as T) : null;
      }
      // Writes only happen under the mutex, so the document cannot have changed since it was read.
      await this.updateUnlocked({ _id: current._id }, update, false, false);
      return options.returnDocument === 'after' ? this.findOne({ _id: current._id }) : current;
    });
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.write(() => this.removeUnlocked(filter, false));
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.write(() => this.removeUnlocked(filter, true));
  }

  private async removeUnlocked(filter: Filter, multi: boolean): Promise<number> {
    const removed = await this.db.removeAsync(filter, { multi });
    await this.counted(-removed);
    return removed;
  }

  countDocuments(filter: Filter): Promise<number> {
    return this.db.countAsync(filter);
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    if (spec.embedded === false) return;
    const fields = Object.keys(spec.fields);
    // NeDB uses a compound index only for equality on every field, which our queries never do, so a
    // non-unique compound index is kept on its leading field. TTL is left to reads and purgeExpired.
    const fieldName = fields.length === 1 || !spec.unique ? fields[0]! : fields;
    const unique = spec.unique ?? false;
    const sparse = spec.sparse ?? false;
    const existing = this.indexes()[indexKey(fieldName)];
    // An index an older release made with other options is rebuilt (NeDB keeps the first definition).
    if (existing && (existing.unique !== unique || existing.sparse !== sparse))
      await this.db.removeIndexAsync(indexKey(fieldName));
    await this.db.ensureIndexAsync({ fieldName, unique, sparse });
  }

  /**
   * Drops indexes no longer asked for: NeDB updates every index on every write, and a value most
   * documents share (null, 'completed') makes that cost grow with the collection.
   */
  async keepOnlyIndexes(specs: IndexSpec[]): Promise<string[]> {
    const wanted = new Map(
      specs
        .filter((spec) => spec.embedded !== false)
        .map((spec) => {
          const fields = Object.keys(spec.fields);
          const key = indexKey(fields.length === 1 || !spec.unique ? fields[0]! : fields);
          return [key, { unique: spec.unique ?? false, sparse: spec.sparse ?? false }] as const;
        }),
    );
    // Also those with other options: ensureIndex builds them again, after the migrations ran without them.
    const dropped = Object.entries(this.indexes())
      .filter(([key, index]) => {
        const want = wanted.get(key);
        return key !== '_id' && (!want || want.unique !== index.unique || want.sparse !== index.sparse);
      })
      .map(([key]) => key);
    for (const key of dropped) await this.db.removeIndexAsync(key);
    return dropped;
  }

  /** Rewrites the data file with only the current documents, in slices, while requests go on. */
  async compact(): Promise<boolean> {
    const file = this.options.file;
    if (!file) return false;
    return compactInSlices({
      file,
      snapshot: () => ({
        docs: this.db.getAllData(),
        indexes: Object.entries(this.indexes())
          .filter(([key]) => key !== '_id')
          .map(([fieldName, index]) => ({ fieldName, unique: index.unique, sparse: index.sparse })),
      }),
      exclusive: (fn) => this.mutex.run(fn),
      generation: () => this.reloads,
    });
  }

  private indexes(): Record<string, { unique: boolean; sparse: boolean }> {
    return (this.db as unknown as { indexes: Record<string, { unique: boolean; sparse: boolean }> }).indexes;
  }
}
