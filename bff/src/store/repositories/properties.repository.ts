import type { PropertyDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

export interface NewProperty {
  _id: string;
  ownerId: string;
  name: string;
  listingNumber: string | null;
  notes: string | null;
}
export type PropertyPatch = Partial<
  Pick<PropertyDoc, 'name' | 'listingNumber' | 'notes' | 'roomOrder' | 'mlsProfile'>
>;

/** Properties belong to one owner; every read and write is scoped to it (callers answer 404 otherwise). */
export function propertiesRepository(
  properties: DocCollection<PropertyDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    /**
     * Creates the property, or answers the one this owner already made with that id (a retried or
     * queued create); `created` says which. Null when the id belongs to another account.
     */
    async create(input: NewProperty): Promise<{ property: PropertyDoc; created: boolean } | null> {
      const at = now();
      const doc: PropertyDoc = { ...input, roomOrder: [], createdAt: at, updatedAt: at };
      try {
        await properties.insertOne(doc);
        return { property: doc, created: true };
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const existing = await properties.findOne({ _id: input._id });
      return existing?.ownerId === input.ownerId ? { property: existing, created: false } : null;
    },
    findForOwner: (ownerId: string, id: string) => properties.findOne({ _id: id, ownerId }),
    /** Newest first. */
    listForOwner: (ownerId: string) => properties.find({ ownerId }, { sort: { createdAt: -1 } }),
    countForOwner: (ownerId: string) => properties.countDocuments({ ownerId }),
    update: (ownerId: string, id: string, patch: PropertyPatch) =>
      properties.findOneAndUpdate(
        { _id: id, ownerId },
        { $set: { ...patch, updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    /** A new room goes last; adding it twice (a retried upload) keeps one entry. */
    addRoom: (ownerId: string, id: string, roomId: string) =>
      properties.findOneAndUpdate(
        { _id: id, ownerId },
        { $addToSet: { roomOrder: roomId }, $set: { updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    removeRoom: (ownerId: string, id: string, roomId: string) =>
      properties.findOneAndUpdate(
        { _id: id, ownerId },
        { $pull: { roomOrder: roomId }, $set: { updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    /** The deleted property (to remove its rooms and photos), or null when it is not the owner's. */
    async delete(ownerId: string, id: string): Promise<PropertyDoc | null> {
      const doc = await properties.findOne({ _id: id, ownerId });
      if (!doc) return null;
      return (await properties.deleteOne({ _id: id, ownerId })) > 0 ? doc : null;
    },
    async deleteAllForOwner(ownerId: string): Promise<PropertyDoc[]> {
      const docs = await properties.find({ ownerId });
      if (docs.length > 0) await properties.deleteMany({ ownerId });
      return docs;
    },
    /** Sets `shareToken` only if the property has none yet (parallel shares agree on one token). */
    claimShareToken: (ownerId: string, id: string, shareToken: string) =>
      properties.findOneAndUpdate(
        { _id: id, ownerId, shareToken: { $exists: false } },
        { $set: { shareToken, updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    revokeShareToken: (ownerId: string, id: string) =>
      properties.findOneAndUpdate(
        { _id: id, ownerId },
        { $unset: { shareToken: '' }, $set: { updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    findByShareToken: (token: string) => properties.findOne({ shareToken: token }),
    /** Which of `ids` are properties (housekeeping: a photo folder without one is an orphan). */
    async existingIds(ids: string[]): Promise<Set<string>> {
      const found = await properties.find({ _id: { $in: ids } }, { projection: { _id: 1 } });
      return new Set(found.map((p) => p._id));
    },
  };
}
export type PropertiesRepository = ReturnType<typeof propertiesRepository>;
