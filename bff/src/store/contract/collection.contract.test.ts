import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type DocCollection } from '../model/types';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('collection contract');

interface Thing {
  _id: string;
  n: number;
  tag: string;
  at: Date;
  tags: string[];
  nested: { a: number; b?: string };
  opt?: string | null;
  taken?: boolean;
}

const day = (d: number) => new Date(Date.UTC(2030, 0, d));
const thing = (i: number, extra: Partial<Thing> = {}): Thing => ({
  _id: `t${i}`,
  n: i,
  tag: `tag-${i}`,
  at: day(i),
  tags: i % 2 ? ['odd', 'x'] : ['even'],
  nested: { a: i * 10 },
  ...extra,
});
const ids = (docs: { _id: string }[]) => docs.map((d) => d._id).sort();

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`collection contract: ${backend.name}`, () => {
    let h: Harness;
    let things: DocCollection<Thing>;
    beforeEach(async () => {
      h = await createHarness(backend.name);
      things = await h.rawCollection<Thing>('things');
      for (let i = 1; i <= 5; i++) await things.insertOne(thing(i, i === 5 ? { opt: null } : {}));
    });
    afterEach(() => h.dispose());

    it('filters with equality, comparisons, $ne, $in, $exists, $or, $and, dotted paths and arrays', async () => {
      expect(await things.findOne({ _id: 't3' })).toMatchObject({ n: 3, at: day(3), nested: { a: 30 } });
      expect(await things.findOne({ _id: 'nope' })).toBeNull();
      expect(ids(await things.find({ n: { $lt: 3 } }))).toEqual(['t1', 't2']);
      expect(ids(await things.find({ n: { $lte: 2, $gt: 1 } }))).toEqual(['t2']);
      expect(ids(await things.find({ at: { $gte: day(4) } }))).toEqual(['t4', 't5']);
      expect(ids(await things.find({ n: { $ne: 1 }, tag: { $in: ['tag-1', 'tag-2', 'tag-9'] } }))).toEqual([
        't2',
      ]);
      expect(ids(await things.find({ opt: { $exists: true } }))).toEqual(['t5']);
      expect(await things.countDocuments({ opt: { $exists: false } })).toBe(4);
      expect(ids(await things.find({ $or: [{ n: 1 }, { 'nested.a': 40 }] }))).toEqual(['t1', 't4']);
      expect(ids(await things.find({ $and: [{ n: { $gt: 1 } }, { $or: [{ tags: 'odd' }] }] }))).toEqual([
        't3',
        't5',
      ]);
      expect(ids(await things.find({ tags: 'even' }))).toEqual(['t2', 't4']);
      expect(await things.countDocuments({})).toBe(5);
    });

    it('filters with $regex: a RegExp, case-insensitive with i, beside other conditions and in $or', async () => {
      await things.insertOne(thing(6, { tag: 'Kitchen (2) [big]' }));
      await things.insertOne(thing(7, { tag: 'kitchen-2 big' }));
      expect(ids(await things.find({ tag: { $regex: /^tag-[12]$/ } }))).toEqual(['t1', 't2']);
      expect(ids(await things.find({ tag: { $regex: /KITCHEN/i } }))).toEqual(['t6', 't7']);
      expect(ids(await things.find({ tag: { $regex: /KITCHEN/ } }))).toEqual([]);
      // Escaped metacharacters match themselves only.
      expect(ids(await things.find({ tag: { $regex: /\(2\) \[big\]/i } }))).toEqual(['t6']);
      expect(ids(await things.find({ tag: { $regex: /tag/ }, n: { $gt: 3 } }))).toEqual(['t4', 't5']);
      expect(ids(await things.find({ $or: [{ tag: { $regex: /-1$/ } }, { n: 7 }] }))).toEqual(['t1', 't7']);
      expect(await things.countDocuments({ tag: { $regex: /big/i } })).toBe(2);
      const sorted = await things.find({ tag: { $regex: /i/ } }, { sort: { n: -1 }, limit: 1 });
      expect(sorted.map((t) => t._id)).toEqual(['t7']);
    });

    it('sorts, limits and projects', async () => {
      const top = await things.find({}, { sort: { at: -1 }, limit: 2 });
      expect(top.map((t) => t._id)).toEqual(['t5', 't4']);
      const slim = await things.find({ n: { $lte: 2 } }, { sort: { n: 1 }, projection: { tag: 1 } });
      expect(slim).toEqual([
        { _id: 't1', tag: 'tag-1' },
        { _id: 't2', tag: 'tag-2' },
      ]);
      const [noNested] = await things.find({ _id: 't1' }, { projection: { nested: 0, tags: 0 } });
      expect(noNested).not.toHaveProperty('nested');
      expect(noNested).toHaveProperty('tag', 'tag-1');
    });

    it('updates with $set, $unset, $inc, $push and $addToSet and reports counts', async () => {
      const r = await things.updateOne(
        { _id: 't1' },
        {
          $set: { 'nested.b': 'x', tag: 'changed' },
          $unset: { opt: '' },
          $inc: { n: 5 },
          $push: { tags: 'pushed' },
        },
      );
      expect(r).toEqual({ matched: 1, modified: 1, upserted: false });
      await things.updateOne({ _id: 't1' }, { $addToSet: { tags: 'pushed' } });
      expect(await things.findOne({ _id: 't1' })).toMatchObject({
        n: 6,
        tag: 'changed',
        nested: { a: 10, b: 'x' },
        tags: ['odd', 'x', 'pushed'],
      });
      expect(await things.updateOne({ _id: 'nope' }, { $set: { n: 1 } })).toEqual({
        matched: 0,
        modified: 0,
        upserted: false,
      });
      const many = await things.updateMany({ tags: 'even' }, { $inc: { n: 100 } });
      expect(many).toMatchObject({ matched: 2, modified: 2 });
      expect(ids(await things.find({ n: { $gt: 100 } }))).toEqual(['t2', 't4']);
    });

    it('upserts from the filter equalities and $setOnInsert, which a later update ignores', async () => {
      const first = await things.updateOne(
        { _id: 'u1', tag: 'fresh', n: { $lt: 10 } },
        { $setOnInsert: { at: day(9), tags: [] }, $set: { nested: { a: 1 } }, $inc: { n: 1 } },
        { upsert: true },
      );
      expect(first.upserted).toBe(true);
      expect(await things.findOne({ _id: 'u1' })).toEqual({
        _id: 'u1',
        tag: 'fresh',
        n: 1,
        at: day(9),
        tags: [],
        nested: { a: 1 },
      });
      const again = await things.updateOne(
        { _id: 'u1' },
        { $setOnInsert: { at: day(20) }, $inc: { n: 1 } },
        { upsert: true },
      );
      expect(again).toMatchObject({ matched: 1, upserted: false });
      expect(await things.findOne({ _id: 'u1' })).toMatchObject({ n: 2, at: day(9) });
    });

    it('findOneAndUpdate returns before or after, follows sort, upserts', async () => {
      const before = await things.findOneAndUpdate(
        { n: { $gte: 2 } },
        { $set: { taken: true } },
        { sort: { n: 1 } },
      );
      expect(before).toMatchObject({ _id: 't2' });
      expect(before).not.toHaveProperty('taken');
      const after = await things.findOneAndUpdate(
        { taken: { $exists: false } },
        { $set: { taken: true } },
        { sort: { at: -1 }, returnDocument: 'after' },
      );
      expect(after).toMatchObject({ _id: 't5', taken: true });
      expect(await things.findOneAndUpdate({ n: 99 }, { $set: { tag: 'x' } })).toBeNull();
      const inserted = await things.findOneAndUpdate(
        { _id: 'new', n: { $lt: 1 } },
        { $inc: { n: 1 }, $setOnInsert: { tag: 'new' } },
        { upsert: true, returnDocument: 'after' },
      );
      expect(inserted).toEqual({ _id: 'new', n: 1, tag: 'new' });
      expect(await things.findOneAndUpdate({ _id: 'new2' }, { $set: { n: 1 } }, { upsert: true })).toBeNull();
      expect(await things.countDocuments({ _id: 'new2' })).toBe(1);
    });

    it('findOneAndUpdate is atomic: 20 racing claims over 5 documents take each once', async () => {
      await things.updateMany({}, { $set: { taken: false } });
      const claims = await Promise.all(
        Array.from({ length: 20 }, () =>
          things.findOneAndUpdate({ taken: false }, { $set: { taken: true } }, { sort: { n: 1 } }),
        ),
      );
      const won = claims.filter((c) => c !== null);
      expect(ids(won)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    });

    it('maps unique violations of both backends to DuplicateKeyError', async () => {
      await expect(things.insertOne(thing(1))).rejects.toBeInstanceOf(DuplicateKeyError);
      await things.ensureIndex({ fields: { tag: 1 }, unique: true });
      await expect(things.insertOne(thing(9, { tag: 'tag-1' }))).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(things.updateOne({ _id: 't2' }, { $set: { tag: 'tag-1' } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(
        things.findOneAndUpdate({ _id: 't1', n: 100 }, { $set: { tag: 'other' } }, { upsert: true }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await things.findOne({ _id: 't2' })).toMatchObject({ tag: 'tag-2' });
    });

    it('deletes one or many and reports how many', async () => {
      expect(await things.deleteOne({ tags: 'odd' })).toBe(1);
      expect(await things.deleteMany({ n: { $in: [2, 3, 4, 5] } })).toBe(4);
      expect(await things.deleteMany({})).toBe(0);
    });

    it('stores no undefined fields, on the store collections too', async () => {
      await h.store.collections.webhookEvents.insertOne({
        _id: 'evt_u',
        receivedAt: day(1),
        ...({ note: undefined } as object),
      });
      expect(await h.store.collections.webhookEvents.findOne({ _id: 'evt_u' })).toEqual({
        _id: 'evt_u',
        receivedAt: day(1),
      });
    });
  });
}
