import { createHash } from 'node:crypto';
import type { HandoverDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

export type NewHandover = Omit<HandoverDoc, '_id' | 'at' | 'lastAt' | 'count'> & { version: number };

/** Records kept per project; past it the ones taken longest ago go (a day's repeats are one record). */
export const HANDOVERS_PER_PROJECT = 500;

/** One record per project, version, MLS rules, variant, downloader and UTC day. */
const dayKey = (r: NewHandover, at: Date) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        r.projectId,
        r.version,
        r.mlsProfile,
        r.variant,
        r.downloadedBy,
        at.toISOString().slice(0, 10),
      ]),
    )
    .digest('base64url');

/**
 * The altered images handed over (downloaded), kept while their project or property exists. The same file
 * taken again the same day adds to its record's count, so the collection grows with what was handed
 * over, not with how often.
 */
export function handoversRepository(
  handovers: DocCollection<HandoverDoc>,
  now: () => Date = () => new Date(),
) {
  async function trim(projectId: string): Promise<void> {
    const excess = (await handovers.countDocuments({ projectId })) - HANDOVERS_PER_PROJECT;
    if (excess <= 0) return;
    const oldest = await handovers.find(
      { projectId },
      { sort: { lastAt: 1 }, limit: excess, projection: { _id: 1 } },
    );
    await handovers.deleteMany({ _id: { $in: oldest.map((d) => d._id) } });
  }

  return {
    async add(record: NewHandover): Promise<void> {
      const at = now();
      const r = await handovers.updateOne(
        { _id: dayKey(record, at) },
        { $setOnInsert: { ...record, at }, $set: { lastAt: at }, $inc: { count: 1 } },
        { upsert: true },
      );
      if (r.upserted) await trim(record.projectId);
    },
    /** How many files were handed over (every record's count, one for records kept before counts). */
    async filesHandedOver(filter: { ownerId?: string; projectId?: string; propertyId?: string }) {
      const docs = await handovers.find(filter, { projection: { count: 1 } });
      return docs.reduce((sum, d) => sum + (d.count ?? 1), 0);
    },
    listForProject: (ownerId: string, projectId: string) =>
      handovers.find({ ownerId, projectId }, { sort: { lastAt: -1 }, limit: 200 }),
    listForProperty: (ownerId: string, propertyId: string) =>
      handovers.find({ ownerId, propertyId }, { sort: { lastAt: -1 }, limit: 200 }),
    /** How many files of a listing were handed over since `since`: every download and every ZIP entry (counts summed). */
    async countDownloadedFiles(
      ownerId: string,
      of: { projectId: string } | { propertyId: string },
      since: Date,
    ): Promise<number> {
      const docs = await handovers.find(
        { ownerId, ...of, lastAt: { $gte: since } },
        { projection: { count: 1 } },
      );
      return docs.reduce((sum, d) => sum + (d.count ?? 1), 0);
    },
    deleteForProject: (projectId: string) => handovers.deleteMany({ projectId }),
    deleteForProperty: (propertyId: string) => handovers.deleteMany({ propertyId }),
    deleteForOwner: (ownerId: string) => handovers.deleteMany({ ownerId }),
  };
}
export type HandoversRepository = ReturnType<typeof handoversRepository>;
