import { randomUUID } from 'node:crypto';
import type { HandoverDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

export type NewHandover = Omit<HandoverDoc, '_id' | 'at'>;

/** Every altered image handed over (downloaded), kept while its project or property exists. */
export function handoversRepository(
  handovers: DocCollection<HandoverDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    async add(record: NewHandover): Promise<void> {
      await handovers.insertOne({ _id: randomUUID(), ...record, at: now() });
    },
    listForProject: (ownerId: string, projectId: string) =>
      handovers.find({ ownerId, projectId }, { sort: { at: -1 }, limit: 200 }),
    listForProperty: (ownerId: string, propertyId: string) =>
      handovers.find({ ownerId, propertyId }, { sort: { at: -1 }, limit: 200 }),
    /** How many files of a listing were handed over since `since`: every download and every ZIP entry. */
    countDownloadedFiles: (
      ownerId: string,
      of: { projectId: string } | { propertyId: string },
      since: Date,
    ) => handovers.countDocuments({ ownerId, ...of, at: { $gte: since } }),
    deleteForProject: (projectId: string) => handovers.deleteMany({ projectId }),
    deleteForProperty: (propertyId: string) => handovers.deleteMany({ propertyId }),
    deleteForOwner: (ownerId: string) => handovers.deleteMany({ ownerId }),
  };
}
export type HandoversRepository = ReturnType<typeof handoversRepository>;
