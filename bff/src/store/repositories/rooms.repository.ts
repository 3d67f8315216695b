import type { RoomDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

export type NewRoom = Omit<RoomDoc, 'projectId' | 'createdAt' | 'updatedAt'>;

/** The photos of properties; every read and write is scoped to the owner. */
export function roomsRepository(rooms: DocCollection<RoomDoc>, now: () => Date = () => new Date()) {
  return {
    /**
     * Stores the room, or answers the one already stored with that id for this property (a retried
     * upload); null when the id is taken by another property or account.
     */
    async insert(input: NewRoom): Promise<{ room: RoomDoc; created: boolean } | null> {
      const at = now();
      const doc: RoomDoc = { ...input, projectId: null, createdAt: at, updatedAt: at };
      try {
        await rooms.insertOne(doc);
        return { room: doc, created: true };
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      const existing = await rooms.findOne({ _id: input._id });
      return existing?.ownerId === input.ownerId && existing.propertyId === input.propertyId
        ? { room: existing, created: false }
        : null;
    },
    findForOwner: (ownerId: string, id: string) => rooms.findOne({ _id: id, ownerId }),
    listForProperty: (ownerId: string, propertyId: string) => rooms.find({ propertyId, ownerId }),
    countForProperty: (propertyId: string) => rooms.countDocuments({ propertyId }),
    setRoomType: (ownerId: string, id: string, roomType: RoomDoc['roomType']) =>
      rooms.findOneAndUpdate(
        { _id: id, ownerId },
        { $set: { roomType, updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    setProject: (ownerId: string, id: string, projectId: string) =>
      rooms.findOneAndUpdate(
        { _id: id, ownerId },
        { $set: { projectId, updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    async delete(ownerId: string, id: string): Promise<RoomDoc | null> {
      const doc = await rooms.findOne({ _id: id, ownerId });
      if (!doc) return null;
      return (await rooms.deleteOne({ _id: id, ownerId })) > 0 ? doc : null;
    },
    /** Which of `ids` are rooms (housekeeping: a photo folder without one is an orphan). */
    async existingIds(ids: string[]): Promise<Set<string>> {
      const found = await rooms.find({ _id: { $in: ids } }, { projection: { _id: 1 } });
      return new Set(found.map((r) => r._id));
    },
    deleteAllForProperty: (propertyId: string) => rooms.deleteMany({ propertyId }),
    deleteAllForOwner: (ownerId: string) => rooms.deleteMany({ ownerId }),
  };
}
export type RoomsRepository = ReturnType<typeof roomsRepository>;
