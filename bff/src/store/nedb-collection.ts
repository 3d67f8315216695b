import Datastore from '@seald-io/nedb';
import { Mutex } from './mutex';
import {
  DuplicateKeyError,
  type Doc,
  type DocCollection,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
  type UpdateResult,
} from './types';

type NedbUpdate = Record<string, Record<string, unknown>>;

function isUniqueViolation(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { errorType?: string }).errorType === 'uniqueViolated'
  );
}

/** NeDB has no $setOnInsert; drop it for updates (inserts are built by hand below). */
function toNedbUpdate(update: Update): NedbUpdate {
  const { $setOnInsert: _ignored, ...rest } = update;
  const out: NedbUpdate = {};
  for (const [op, value] of Object.entries(rest)) {
    if (value && Object.keys(value).length > 0) out[op] = value;
  }
  return out;
}

function setPath(doc: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split('.');
  let cur = doc;
  for (const p of parts.slice(0, -1)) {
    cur[p] = typeof cur[p] === 'object' && cur[p] !== null ? cur[p] : {};
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
}

/** The document an upsert inserts: the filter's plain equalities, then $setOnInsert, $set, $inc, $push. */
function upsertDoc(filter: Filter, update: Update): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filter)) {
    const isOperator =
      typeof v === 'object' &&
      v !== null &&
      !(v instanceof Date) &&
      Object.keys(v).some((x) => x.startsWith('$'));
    if (!k.startsWith('$') && !isOperator) setPath(doc, k, v);
  }
  for (const [k, v] of Object.entries(update.$setOnInsert ?? {})) setPath(doc, k, v);
  for (const [k, v] of Object.entries(update.$set ?? {})) setPath(doc, k, v);
  for (const [k, v] of Object.entries(update.$inc ?? {})) setPath(doc, k, v);
  for (const [k, v] of Object.entries(update.$push ?? {})) setPath(doc, k, [v]);
  return doc;
}

export class NedbCollection<T extends Doc> implements DocCollection<T> {
  private readonly mutex = new Mutex();

  constructor(private readonly db: Datastore<Record<string, unknown>>) {}

  async findOne(filter: Filter): Promise<T | null> {
    return ((await this.db.findOneAsync(filter)) as T | null) ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.db.findAsync(filter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.limit) cursor = cursor.limit(options.limit);
    return (await cursor) as unknown as T[];
  }

  insertOne(doc: T): Promise<void> {
    return this.mutex.run(async () => {
      try {
        await this.db.insertAsync(doc as unknown as Record<string, unknown>);
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateKeyError(String((err as Error).message));
        throw err;
      }
    });
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
      const doc = upsertDoc(filter, update);
      doc._id ??= crypto.randomUUID();
      try {
        await this.db.insertAsync(doc);
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateKeyError(String((err as Error).message));
        throw err;
      }
      return { matched: 0, modified: 0, upserted: true };
    }
    const nedbUpdate = toNedbUpdate(update);
    if (Object.keys(nedbUpdate).length === 0) return { matched, modified: 0, upserted: false };
    try {
      const { numAffected } = await this.db.updateAsync(filter, nedbUpdate, { multi });
      return { matched, modified: numAffected, upserted: false };
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateKeyError(String((err as Error).message));
      throw err;
    }
  }

  updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<UpdateResult> {
    return this.mutex.run(() => this.updateUnlocked(filter, update, false, options.upsert ?? false));
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.mutex.run(() => this.updateUnlocked(filter, update, true, false));
  }

  findOneAndUpdate(
    filter: Filter,
    update: Update,
    options: { returnDocument?: 'before' | 'after'; upsert?: boolean; sort?: Record<string, 1 | -1> } = {},
  ): Promise<T | null> {
    return this.mutex.run(async () => {
      const [current] = await this.find(filter, { sort: options.sort, limit: 1 });
      if (!current) {
        if (!options.upsert) return null;
        const doc = upsertDoc(filter, update);
        doc._id ??= crypto.randomUUID();
        try {
          await this.db.insertAsync(doc);
        } catch (err) {
          if (isUniqueViolation(err)) throw new DuplicateKeyError(String((err as Error).message));
          throw err;
        }
        return options.returnDocument === 'after' ? (doc as T) : null;
      }
      await this.updateUnlocked({ _id: current._id }, update, false, false);
      if (options.returnDocument === 'after') return this.findOne({ _id: current._id });
      return current;
    });
  }

  deleteOne(filter: Filter): Promise<number> {
    return this.mutex.run(() => this.db.removeAsync(filter, { multi: false }));
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.mutex.run(() => this.db.removeAsync(filter, { multi: true }));
  }

  countDocuments(filter: Filter): Promise<number> {
    return this.db.countAsync(filter);
  }

  async ensureIndex(spec: IndexSpec): Promise<void> {
    const fields = Object.keys(spec.fields);
    // NeDB indexes one field at a time; compound indexes are only an optimisation, so index the first.
    if (fields.length === 1 || spec.unique) {
      await this.db.ensureIndexAsync({
        fieldName: fields.length === 1 ? fields[0]! : fields,
        unique: spec.unique ?? false,
        sparse: spec.sparse ?? false,
      });
    }
  }
}
