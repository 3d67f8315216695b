import type { ProjectDoc } from '../documents';
import type { DocCollection, Filter } from '../types';

export type NewProject = Omit<
  ProjectDoc,
  | '_id'
  | 'status'
  | 'progress'
  | 'error'
  | 'attempts'
  | 'leaseUntil'
  | 'workerId'
  | 'nextAttemptAt'
  | 'shareToken'
  | 'createdAt'
  | 'updatedAt'
  | 'completedAt'
> & { _id?: string; nextAttemptAt?: Date };

/** Where a page of `pageForOwner` starts, how long it is and what names it keeps. */
export interface OwnerPage {
  limit: number;
  /** The last project of the previous page: only projects after it in the newest-first order. */
  before?: { createdAt: Date; id: string } | undefined;
  nameContains?: string | undefined;
}

/** User text as a regular expression that matches exactly that text. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Projects are also the job queue: pending -> processing (leased to one worker) -> completed | failed,
 * or back to pending by `retryLater`. A worker's writes count only while the job is still its own.
 */
export function projectsRepository(projects: DocCollection<ProjectDoc>, now: () => Date = () => new Date()) {
  const live = (at: Date): Filter => ({ $or: [{ expiresAt: null }, { expiresAt: { $gt: at } }] });
  /** Still this worker's: nobody re-claimed it (a re-claim changes workerId) and it is not finished. */
  const held = (id: string, workerId: string): Filter => ({ _id: id, status: 'processing', workerId });
  const finish = (id: string, workerId: string, set: Record<string, unknown>) =>
    projects.findOneAndUpdate(
      held(id, workerId),
      { $set: { ...set, leaseUntil: null, updatedAt: now() } },
      { returnDocument: 'after' },
    );

  return {
    async insert(input: NewProject): Promise<ProjectDoc> {
      const at = now();
      const doc: ProjectDoc = {
        status: 'pending',
        progress: 0,
        error: null,
        attempts: 0,
        leaseUntil: null,
        workerId: null,
        nextAttemptAt: at,
        shareToken: null,
        createdAt: at,
        updatedAt: at,
        completedAt: null,
        ...input,
        _id: input._id ?? crypto.randomUUID(),
      };
      await projects.insertOne(doc);
      return doc;
    },
    /** Any project by id (demo status polling, workers); expired demos are gone. */
    findById: (id: string) => projects.findOne({ _id: id, ...live(now()) }),
    /** Null unless the project belongs to `ownerId` (callers answer 404, never 403). */
    findForOwner: (ownerId: string, id: string) => projects.findOne({ _id: id, ownerId }),
    /** Newest first. */
    listForOwner: (ownerId: string, limit?: number) =>
      projects.find({ ownerId }, { sort: { createdAt: -1 }, ...(limit ? { limit } : {}) }),
    /**
     * One page of the owner's projects, newest first (same creation time: by id, descending), starting
     * after `before`; `nameContains` keeps those whose name holds that text, in any case, taken literally.
     */
    pageForOwner(ownerId: string, page: OwnerPage): Promise<ProjectDoc[]> {
      const filter: Filter = { ownerId };
      if (page.nameContains) filter.name = { $regex: new RegExp(escapeRegExp(page.nameContains), 'i') };
      if (page.before) {
        const { createdAt, id } = page.before;
        filter.$or = [{ createdAt: { $lt: createdAt } }, { createdAt, _id: { $lt: id } }];
      }
      return projects.find(filter, { sort: { createdAt: -1, _id: -1 }, limit: page.limit });
    },

    /**
     * Atomically takes the oldest due job: a pending one whose `nextAttemptAt` has come, or a processing
     * one whose lease ran out (its worker died). Sets processing, the lease, the worker, attempts + 1.
     */
    claimNext(workerId: string, at: Date, leaseMs: number): Promise<ProjectDoc | null> {
      return projects.findOneAndUpdate(
        {
          $and: [
            {
              $or: [
                { status: 'pending', nextAttemptAt: { $lte: at } },
                { status: 'processing', leaseUntil: { $lt: at } },
              ],
            },
            live(at),
          ],
        },
        {
          $set: {
            status: 'processing',
            workerId,
            leaseUntil: new Date(at.getTime() + leaseMs),
            updatedAt: at,
          },
          $inc: { attempts: 1 },
        },
        { sort: { createdAt: 1 }, returnDocument: 'after' },
      );
    },
    /**
     * Hands every job marked processing back to the queue, due now. Only for a process that alone works
     * on the data (the embedded store) at start-up: any such job's worker died with the last process.
     */
    async requeueAbandoned(at: Date = now()): Promise<number> {
      const r = await projects.updateMany(
        { status: 'processing' },
        { $set: { status: 'pending', leaseUntil: null, workerId: null, nextAttemptAt: at, updatedAt: at } },
      );
      return r.modified;
    },
    /** Which of `ids` are projects (housekeeping: a blob folder without one is an orphan). */
    async existingIds(ids: string[]): Promise<Set<string>> {
      const found = await projects.find({ _id: { $in: ids } }, { projection: { _id: 1 } });
      return new Set(found.map((p) => p._id));
    },
    /** False when the job is no longer this worker's: stop working on it. */
    async renewLease(id: string, workerId: string, leaseMs: number): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), {
        $set: { leaseUntil: new Date(now().getTime() + leaseMs) },
      });
      return r.matched > 0;
    },
    async updateProgress(id: string, workerId: string, progress: number): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), {
        $set: { progress: Math.max(0, Math.min(100, Math.round(progress))), updatedAt: now() },
      });
      return r.matched > 0;
    },
    /** Exactly-once completion: null (nothing written) unless this worker still holds the job. */
    complete: (id: string, workerId: string, stagedKeys: string[]) =>
      finish(id, workerId, {
        status: 'completed',
        progress: 100,
        'images.staged': stagedKeys,
        error: null,
        completedAt: now(),
      }),
    /** A transient failure: back to pending until `nextAttemptAt`; null unless this worker holds the job. */
    retryLater: (id: string, workerId: string, nextAttemptAt: Date, error: string) =>
      finish(id, workerId, { status: 'pending', nextAttemptAt, error, workerId: null }),
    /** Final failure; null unless this worker holds the job. Refund with `takeCreditForRefund`. */
    fail: (id: string, workerId: string, error: string) =>
      finish(id, workerId, { status: 'failed', progress: 0, error }),
    /** Clears the project's credit month and returns what to refund; only the first caller gets it. */
    async takeCreditForRefund(id: string): Promise<{ ownerId: string; creditMonth: string } | null> {
      const before = await projects.findOneAndUpdate(
        { _id: id, creditMonth: { $ne: null }, ownerId: { $ne: null } },
        { $set: { creditMonth: null, updatedAt: now() } },
      );
      return before?.ownerId && before.creditMonth
        ? { ownerId: before.ownerId, creditMonth: before.creditMonth }
        : null;
    },

    /** Sets `shareToken` only if the project has none yet (parallel shares agree on one token). */
    claimShareToken: (ownerId: string, id: string, shareToken: string) =>
      projects.findOneAndUpdate(
        { _id: id, ownerId, shareToken: null },
        { $set: { shareToken, updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    setShareToken: (ownerId: string, id: string, shareToken: string | null) =>
      projects.findOneAndUpdate(
        { _id: id, ownerId },
        { $set: { shareToken, updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    findByShareToken: (token: string) => projects.findOne({ shareToken: token, ...live(now()) }),

    /** The deleted project (to remove its blobs), or null when it is not the owner's. */
    async deleteForOwner(ownerId: string, id: string): Promise<ProjectDoc | null> {
      const doc = await projects.findOne({ _id: id, ownerId });
      if (!doc) return null;
      return (await projects.deleteOne({ _id: id, ownerId })) > 0 ? doc : null;
    },
    /** Every deleted project (to remove their blobs). */
    async deleteAllForOwner(ownerId: string): Promise<ProjectDoc[]> {
      const docs = await projects.find({ ownerId });
      if (docs.length > 0) await projects.deleteMany({ _id: { $in: docs.map((d) => d._id) } });
      return docs;
    },
    /** Demo projects past `expiresAt`, oldest first: delete their blobs, then `deleteExpiredDemo`. */
    findExpiredDemos: (at: Date = now(), limit = 100) =>
      projects.find({ expiresAt: { $ne: null, $lte: at } }, { sort: { expiresAt: 1 }, limit }),
    async deleteExpiredDemo(id: string, at: Date = now()): Promise<boolean> {
      return (await projects.deleteOne({ _id: id, expiresAt: { $ne: null, $lte: at } })) > 0;
    },
  };
}
export type ProjectsRepository = ReturnType<typeof projectsRepository>;
