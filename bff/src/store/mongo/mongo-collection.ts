import { MongoServerError, type Collection, type Document } from 'mongodb';
import {
  DuplicateKeyError,
  type Doc,
  type DocCollection,
  type Filter,
  type FindOneAndUpdateOptions,
  type FindOptions,
  type IndexSpec,
  type ProjectedFindOptions,
  type Update,
  type UpdateResult,
} from '../model/types';

const DUPLICATE_KEY_CODES = new Set([11000, 11001]);
/** IndexOptionsConflict, IndexKeySpecsConflict. */
const INDEX_CONFLICT_CODES = new Set([85, 86]);

async function mapErrors<R>(op: () => Promise<R>): Promise<R> {
  try {
    return await op();
  } catch (err) {
    if (err instanceof MongoServerError && DUPLICATE_KEY_CODES.has(Number(err.code)))
      throw new DuplicateKeyError(err.message);
    throw err;
  }
}

/** Drops empty operator objects, which MongoDB refuses. */
function clean(update: Update): Document {
  return Object.fromEntries(
    Object.entries(update).filter(([, v]) => v && Object.keys(v as object).length > 0),
  );
}

/** A thin mapping onto the official driver; string `_id`s only (the client is opened with ignoreUndefined). */
export class MongoCollection<T extends Doc> implements DocCollection<T> {
  constructor(private readonly col: Collection<Document>) {}

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.col.findOne(filter)) as T | null;
  }

  find(filter: Filter, options: ProjectedFindOptions): Promise<(Pick<T, '_id'> & Partial<T>)[]>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  async find(
    filter: Filter,
    options: FindOptions & { projection?: ProjectedFindOptions['projection'] } = {},
  ) {
    let cursor = this.col.find(filter);
    if (options.projection) cursor = cursor.project(options.projection);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async insertOne(doc: T): Promise<void> {
    await mapErrors(() => this.col.insertOne({ ...doc } as Document));
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    const r = await mapErrors(() =>
      this.col.updateOne(filter, clean(update), { upsert: options.upsert ?? false }),
    );
    return { matched: r.matchedCount, modified: r.modifiedCount, upserted: r.upsertedCount > 0 };
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const r = await mapErrors(() => this.col.updateMany(filter, clean(update)));
    return { matched: r.matchedCount, modified: r.modifiedCount, upserted: false };
  }

  async findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: FindOneAndUpdateOptions = {},
  ): Promise<T | null> {
    const doc = await mapErrors(() =>
      this.col.findOneAndUpdate(filter, clean(update), {
        returnDocument: options.returnDocument ?? 'before',
        upsert: options.upsert ?? false,
        ...(options.sort ? { sort: options.sort } : {}),
      }),
    );
    return doc as T | null;
  }

  async deleteOne(filter: Filter): Promise<number> {
    return (await this.col.deleteOne(filter)).deletedCount;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.col.deleteMany(filter)).deletedCount;
  }

  countDocuments(filter: Filter): Promise<number> {
    return this.col.countDocuments(filter);
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const create = () =>
      this.col.createIndex(spec.fields, {
        unique: spec.unique ?? false,
        sparse: spec.sparse ?? false,
        ...(spec.expireAfterSeconds !== undefined ? { expireAfterSeconds: spec.expireAfterSeconds } : {}),
      });
    try {
      await create();
    } catch (err) {
      if (!(err instanceof MongoServerError && INDEX_CONFLICT_CODES.has(Number(err.code)))) throw err;
      // An older release made this index with other options (a TTL or uniqueness changed): rebuild it.
      const wanted = JSON.stringify(spec.fields);
      const old = (await this.col.indexes()).find((ix) => JSON.stringify(ix.key) === wanted);
      if (!old?.name) throw err;
      await this.col.dropIndex(old.name);
      await create();
    }
  }
}
