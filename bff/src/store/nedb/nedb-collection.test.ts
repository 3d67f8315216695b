import Datastore from '@seald-io/nedb';
import model from '@seald-io/nedb/lib/model.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NedbCollection } from './nedb-collection';

interface Row {
  _id: string;
  ownerId: string;
  createdAt: Date;
  name: string;
  tags: string[];
}

const OWNED = 2000;
const PAGE = 21;

async function collectionOfOneOwner(): Promise<NedbCollection<Row>> {
  const db = new Datastore<Record<string, unknown>>();
  await db.ensureIndexAsync({ fieldName: 'ownerId' });
  const start = Date.UTC(2030, 0, 1);
  // Inserted oldest first, so the newest sit at the end of what the index hands over.
  await db.insertAsync(
    Array.from({ length: OWNED }, (_, i) => ({
      _id: `p${String(i).padStart(5, '0')}`,
      ownerId: i % 10 === 0 ? 'someone-else' : 'owner',
      createdAt: new Date(start + Math.floor(i / 2) * 60_000),
      name: `project ${i}`,
      tags: ['a', 'b'],
    })),
  );
  return new NedbCollection<Row>(db);
}

describe("NedbCollection.find with a sort and a limit (an owner's first page)", () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers the first page in order, ties broken by the next key, as copies', async () => {
    const c = await collectionOfOneOwner();
    const page = await c.find({ ownerId: 'owner' }, { sort: { createdAt: -1, _id: -1 }, limit: PAGE });
    const all = (await c.find({ ownerId: 'owner' })).sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1),
    );
    expect(page.map((p) => p._id)).toEqual(all.slice(0, PAGE).map((p) => p._id));
    page[0]!.tags.push('changed');
    const [again] = await c.find({ _id: page[0]!._id });
    expect(again!.tags).toEqual(['a', 'b']);
  });

  it("copies only the page, never every match, and does not sort them all with NeDB's comparator", async () => {
    const c = await collectionOfOneOwner();
    const copies = vi.spyOn(model, 'deepCopy');
    const projections = vi.spyOn(model, 'modify');
    const comparisons = vi.spyOn(model, 'compareThings');
    const page = await c.find({ ownerId: 'owner' }, { sort: { createdAt: -1, _id: -1 }, limit: PAGE });
    expect(page).toHaveLength(PAGE);
    expect(copies.mock.calls.length).toBe(PAGE);
    expect(projections).not.toHaveBeenCalled();
    expect(comparisons).not.toHaveBeenCalled();
  });
});
