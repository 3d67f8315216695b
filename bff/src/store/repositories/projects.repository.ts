import { FIRST_RESULT_VERSION, type RoomType } from '@shared/domain';
import type { JobDoc, ProjectDoc, QueuePriority, VersionDoc } from '../model/documents';
import type { DocCollection, Filter } from '../model/types';
import { liveAt, projectQueue } from './project-queue';
import { projectVersions } from './project-versions';

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
  | 'expiresAt'
  | 'createdAt'
  | 'updatedAt'
  | 'completedAt'
  | 'finishedAt'
> & {
  _id?: string;
  nextAttemptAt?: Date;
  expiresAt?: Date | null;
  /** Queue it behind this project: not due before that one is finished (see `enqueue`). */
  waitsFor?: string;
  /** The owner's plan when it is queued; default: a demo without an owner, free with one. */
  priority?: QueuePriority;
};

/** Where a page of `pageForOwner` starts, how long it is and what names it keeps. */
export interface OwnerPage {
  limit: number;
  /** The last project of the previous page: only projects after it in the newest-first order. */
  before?: { createdAt: Date; id: string } | undefined;
  nameContains?: string | undefined;
}

/** A version kept after all: its credit was taken again, so it no longer says it came back. */
const withoutCreditBack = (v: VersionDoc): VersionDoc => {
  const rest = { ...v };
  delete rest.creditBack;
  return rest;
};

/** User text as a regular expression that matches exactly that text. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** A user's projects, demos, shares; the staging queue is in `projectQueue`. */
export function projectsRepository(
  projects: DocCollection<ProjectDoc>,
  jobs: DocCollection<JobDoc>,
  now: () => Date = () => new Date(),
) {
  const queue = projectQueue(projects, jobs, now);
  return {
    ...queue,
    ...projectVersions(projects, jobs, now),
    async insert(input: NewProject): Promise<ProjectDoc> {
      const at = now();
      const { expiresAt, _id, nextAttemptAt = at, waitsFor, priority, ...rest } = input;
      const doc: ProjectDoc = {
        status: 'pending',
        progress: 0,
        error: null,
        attempts: 0,
        leaseUntil: null,
        workerId: null,
        nextAttemptAt,
        createdAt: at,
        updatedAt: at,
        completedAt: null,
        ...rest,
        ...(expiresAt ? { expiresAt } : {}),
        _id: _id ?? crypto.randomUUID(),
      };
      await queue.enqueue(doc, priority ?? (doc.ownerId ? 'free' : 'demo'), nextAttemptAt, waitsFor);
      await projects.insertOne(doc);
      return doc;
    },
    /** Any project by id (demo status polling, workers); expired demos are gone. */
    findById: (id: string) => projects.findOne({ _id: id, ...liveAt(now()) }),
    /** Stagings of the property still queued or running (0: its run is finished). */
    unfinishedInProperty: (ownerId: string, propertyId: string) =>
      projects.countDocuments({ ownerId, propertyId, status: { $in: ['pending', 'processing'] } }),
    /** Credits the key's projects hold in `month` (a failed staging's credit was given back). */
    creditsForApiKey: (apiKeyId: string, month: string) =>
      projects.countDocuments({ apiKeyId, creditMonth: month }),
    /** Each project made with an API key, with its key: the cost report's per-key lines. */
    async apiKeyOfProjects(): Promise<Map<string, string>> {
      const made = await projects.find({ apiKeyId: { $exists: true } }, { projection: { apiKeyId: 1 } });
      return new Map(made.flatMap((p) => (p.apiKeyId ? [[p._id, p.apiKeyId] as const] : [])));
    },
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
     * The owners' projects written after `since` (status, progress or anything else), with only what a
     * status event needs: one query for every connected user at once.
     */
    changedSince: (ownerIds: string[], since: Date) =>
      ownerIds.length === 0
        ? Promise.resolve([])
        : projects.find(
            { ownerId: { $in: ownerIds }, updatedAt: { $gt: since } },
            {
              projection: {
                _id: 1,
                ownerId: 1,
                name: 1,
                status: 1,
                propertyId: 1,
                updatedAt: 1,
                finishedAt: 1,
                draft: 1,
              },
            },
          ),

    /** Which of `ids` are projects (housekeeping: a blob folder without one is an orphan). */
    async existingIds(ids: string[]): Promise<Set<string>> {
      const found = await projects.find({ _id: { $in: ids } }, { projection: { _id: 1 } });
      return new Set(found.map((p) => p._id));
    },
    /** The owner's stagings of one batch or property run (see `batchId`). */
    findBatch: (ownerId: string, batchId: string) => projects.find({ ownerId, batchId }),
    /** Finished projects whose mail is still undecided, last written before `before` (a crash in between). */
    async notifyPendingBefore(before: Date, limit = 500): Promise<string[]> {
      const docs = await projects.find(
        { notifyPending: true, updatedAt: { $lt: before } },
        { projection: { _id: 1 }, limit },
      );
      return docs.map((d) => d._id);
    },
    /** Their mail is decided (enqueued or not wanted). */
    async clearNotifyPending(ids: string[]): Promise<void> {
      if (ids.length > 0) await projects.updateMany({ _id: { $in: ids } }, { $unset: { notifyPending: '' } });
    },
    /** Failed projects still holding their credit since before `before`: a crash between failing and refunding. */
    async failedHoldingCredit(before: Date): Promise<string[]> {
      const held = { $exists: true, $ne: null };
      const docs = await projects.find(
        { status: 'failed', creditMonth: held, ownerId: held, updatedAt: { $lt: before } },
        { projection: { _id: 1 } },
      );
      return docs.map((d) => d._id);
    },

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

    /** Takes the one free restage a flagged result whose credit came back is owed; true for the first caller. */
    async takeFreeRestage(ownerId: string, id: string): Promise<boolean> {
      const doc = await projects.findOneAndUpdate(
        {
          _id: id,
          ownerId,
          creditBack: { $exists: true },
          freeRestageTaken: { $exists: false },
          concept: { $exists: false },
        },
        { $set: { freeRestageTaken: true, updatedAt: now() } },
      );
      return doc !== null;
    },
    /** Gives the free restage back (the restaging could not be made). */
    async returnFreeRestage(ownerId: string, id: string): Promise<void> {
      await projects.updateOne({ _id: id, ownerId }, { $unset: { freeRestageTaken: '' } });
    },

    /** Sets `shareToken` only if the project has none yet (parallel shares agree on one token). */
    claimShareToken: (ownerId: string, id: string, shareToken: string) =>
      projects.findOneAndUpdate(
        { _id: id, ownerId, shareToken: { $exists: false } },
        { $set: { shareToken, updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    /** A new token, or none (null): revoked links leave no field behind. */
    setShareToken: (ownerId: string, id: string, shareToken: string | null) =>
      projects.findOneAndUpdate(
        { _id: id, ownerId },
        shareToken
          ? { $set: { shareToken, updatedAt: now() } }
          : { $unset: { shareToken: '' }, $set: { updatedAt: now() } },
        { returnDocument: 'after' },
      ),
    /** The owner's new name or corrected room type for a project; null when it is not theirs. */
    update: (
      ownerId: string,
      id: string,
      changes: { name?: string | undefined; roomType?: RoomType | undefined },
    ) =>
      projects.findOneAndUpdate(
        { _id: id, ownerId },
        {
          $set: {
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.roomType !== undefined ? { roomType: changes.roomType } : {}),
            updatedAt: now(),
          },
        },
        { returnDocument: 'after' },
      ),
    /**
     * The owner kept its flagged result (its current version, which says so too) as a design concept;
     * null when it is not theirs or another version became current since `doc` was read.
     */
    keepAsConcept: (ownerId: string, doc: ProjectDoc) => {
      const current = doc.currentVersion ?? FIRST_RESULT_VERSION;
      const edited = doc.versions?.find((v) => v.number === current && current !== FIRST_RESULT_VERSION);
      return projects.findOneAndUpdate(
        {
          _id: doc._id,
          ownerId,
          currentVersion: doc.currentVersion === undefined ? { $exists: false } : doc.currentVersion,
          creditBack: doc.creditBack === undefined ? { $exists: false } : doc.creditBack,
          // A flagged edit's credit that came back is taken again once: only while the version still says so.
          ...(edited?.creditBack
            ? { versions: { $elemMatch: { number: current, creditBack: edited.creditBack } } }
            : {}),
        },
        {
          // A kept result is used after all: its credit was taken again, so it no longer says it came back.
          // A kept edit's credit is its version's own: the staging's stays as it was.
          ...(doc.creditBack === undefined || edited ? {} : { $unset: { creditBack: '' } }),
          $set: {
            concept: true,
            updatedAt: now(),
            ...(doc.versions
              ? {
                  versions: doc.versions.map((v) =>
                    v.number === current ? { ...withoutCreditBack(v), concept: true as const } : v,
                  ),
                }
              : {}),
          },
        },
        { returnDocument: 'after' },
      );
    },
    /** The owner's project names that are `base` or `base N` (to name a new one apart from them). */
    async namesLike(ownerId: string, base: string): Promise<string[]> {
      const found = await projects.find(
        { ownerId, name: { $regex: new RegExp(`^${escapeRegExp(base)}( \\d+)?$`) } },
        { projection: { name: 1 } },
      );
      return found.map((p) => p.name ?? '');
    },
    findByShareToken: (token: string) => projects.findOne({ shareToken: token, ...liveAt(now()) }),

    /** The deleted project (to remove its blobs), or null when it is not the owner's. */
    async deleteForOwner(ownerId: string, id: string): Promise<ProjectDoc | null> {
      const doc = await projects.findOne({ _id: id, ownerId });
      if (!doc) return null;
      if ((await projects.deleteOne({ _id: id, ownerId })) === 0) return null;
      await jobs.deleteOne({ _id: id });
      // Rooms styled after this one no longer wait for it.
      await queue.releaseWaiting(id);
      return doc;
    },
    /** The owner's projects among `ids` (a property's rooms name their latest staging). */
    findManyForOwner: (ownerId: string, ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : projects.find({ _id: { $in: ids }, ownerId }),
    /**
     * Deletes the stagings made from a property's rooms (one room's, with `roomId`) and their jobs; the
     * deleted ones come back, to remove their blobs.
     */
    async deleteAllForProperty(ownerId: string, propertyId: string, roomId?: string): Promise<ProjectDoc[]> {
      const docs = await projects.find({ ownerId, propertyId, ...(roomId ? { roomId } : {}) });
      const ids = docs.map((d) => d._id);
      if (docs.length > 0) {
        await projects.deleteMany({ _id: { $in: ids }, ownerId });
        await jobs.deleteMany({ _id: { $in: ids } });
      }
      return docs;
    },
    /** Every deleted project (to remove their blobs). */
    async deleteAllForOwner(ownerId: string): Promise<ProjectDoc[]> {
      const docs = await projects.find({ ownerId });
      const ids = docs.map((d) => d._id);
      if (docs.length > 0) {
        await projects.deleteMany({ _id: { $in: ids } });
        await jobs.deleteMany({ _id: { $in: ids } });
      }
      return docs;
    },
    /** Demo projects past `expiresAt`, oldest first: delete their blobs, then `deleteExpiredDemo`. */
    findExpiredDemos: (at: Date = now(), limit = 100) =>
      projects.find({ expiresAt: { $lte: at } }, { sort: { expiresAt: 1 }, limit }),
    async deleteExpiredDemo(id: string, at: Date = now()): Promise<boolean> {
      if ((await projects.deleteOne({ _id: id, expiresAt: { $lte: at } })) === 0) return false;
      await jobs.deleteOne({ _id: id });
      return true;
    },
  };
}
export type ProjectsRepository = ReturnType<typeof projectsRepository>;
