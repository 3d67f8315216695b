import { PRIORITY_HEAD_START_SECONDS, stagingFailureSentence, type StagingFailure } from '@shared/domain';
import type { JobDoc, ProjectDoc, QueuePriority, StructureCheckDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection, type Filter } from '../model/types';

/**
 * Not an expired demo: absent `expiresAt` (user projects) or one still ahead. Spread beside the other
 * fields, never inside `$and`: NeDB looks for an index among the top-level fields only.
 */
export const liveAt = (at: Date): Filter => ({
  $or: [{ expiresAt: { $exists: false } }, { expiresAt: { $gt: at } }],
});
const UNFINISHED = { $in: ['pending', 'processing'] };
/** A claimed job whose project turns out finished or gone is dropped; stop after this many in one call. */
const MAX_LEFTOVERS_PER_CLAIM = 20;

const HEAD_START_MS = PRIORITY_HEAD_START_SECONDS * 1000;
const RANK_OFFSET_MS: Record<QueuePriority, number> = { pro: -HEAD_START_MS, free: 0, demo: HEAD_START_MS };
/**
 * Where a job stands in the queue: its creation time, earlier by the head start for Pro, later by it
 * for demos. One fixed sort key keeps the claim a single atomic findOneAndUpdate, and bounds every wait:
 * a free job is passed only by Pro jobs submitted less than the head start after it.
 */
export const rankFor = (priority: QueuePriority, createdAt: Date): Date =>
  new Date(createdAt.getTime() + RANK_OFFSET_MS[priority]);

/**
 * The staging queue: a project is pending -> processing (leased to one worker) -> completed | failed, or
 * back to pending by `retryLater`. Claims read the small `jobs` collection only; the project carries the
 * status the user sees. A worker's writes count only while the job is still its own.
 */
export function projectQueue(
  projects: DocCollection<ProjectDoc>,
  jobs: DocCollection<JobDoc>,
  now: () => Date,
) {
  /** Still this worker's: nobody re-claimed it (a re-claim changes workerId) and it is not finished. */
  const held = (id: string, workerId: string): Filter => ({ _id: id, status: 'processing', workerId });
  /** The jobs waiting for `id` are due now: it finished (or went), so its result is what it will be. */
  const releaseWaiting = async (id: string): Promise<number> =>
    (await jobs.updateMany({ waitsFor: id }, { $set: { nextAttemptAt: now() }, $unset: { waitsFor: '' } }))
      .modified;
  /** The job goes, then those waiting for it; a crash in between is repaired by `releaseStaleWaits`. */
  const dropJob = async (id: string, filter: Filter = {}) => {
    await jobs.deleteOne({ _id: id, ...filter });
    await releaseWaiting(id);
  };
  /** The worker releases the jobs waiting for this one once it has also settled the credit. */
  const finish = async (id: string, workerId: string, set: Record<string, unknown>) => {
    const at = now();
    // A finished staging shows its result (or why not), never its draft.
    const done = await projects.findOneAndUpdate(
      held(id, workerId),
      { $set: { ...set, leaseUntil: null, updatedAt: at, finishedAt: at }, $unset: { draft: '' } },
      { returnDocument: 'after' },
    );
    // A crash before this leaves the job to be claimed again and dropped then.
    if (done) await jobs.deleteOne({ _id: id });
    return done;
  };
  /** Releases the jobs waiting for `id` unless its own job is still queued (unfinished). */
  const releaseIfFinished = async (id: string): Promise<number> =>
    (await jobs.findOne({ _id: id })) ? 0 : releaseWaiting(id);

  return {
    /**
     * Queues a new project; the job is written first, so a crash never leaves a project no worker finds.
     * With `waitsFor` it is not due before that project is finished (`nextAttemptAt` is then a backstop).
     */
    async enqueue(
      project: Pick<ProjectDoc, '_id' | 'createdAt'>,
      priority: QueuePriority,
      nextAttemptAt: Date,
      waitsFor?: string,
    ): Promise<void> {
      await jobs.insertOne({
        _id: project._id,
        status: 'pending',
        nextAttemptAt,
        leaseUntil: null,
        workerId: null,
        createdAt: project.createdAt,
        priority,
        rankAt: rankFor(priority, project.createdAt),
        ...(waitsFor ? { waitsFor } : {}),
      });
    },
    releaseWaiting,
    releaseIfFinished,
    /** Jobs still waiting for a project that is finished or gone (a crash between the two steps) go now. */
    async releaseStaleWaits(): Promise<number> {
      const waiting = await jobs.find({ waitsFor: { $exists: true } }, { projection: { waitsFor: 1 } });
      const leads = new Set(waiting.flatMap((j) => (j.waitsFor ? [j.waitsFor] : [])));
      let released = 0;
      for (const lead of leads) released += await releaseIfFinished(lead);
      return released;
    },

    /**
     * Atomically takes the due job of earliest rank (Pro first, demos last, see `rankFor`): a pending one
     * whose `nextAttemptAt` has come, or a processing one whose lease ran out (its worker died). Sets
     * processing, the lease, the worker, attempts + 1.
     */
    async claimNext(workerId: string, at: Date, leaseMs: number): Promise<ProjectDoc | null> {
      const leaseUntil = new Date(at.getTime() + leaseMs);
      for (let i = 0; i < MAX_LEFTOVERS_PER_CLAIM; i++) {
        const job = await jobs.findOneAndUpdate(
          {
            $or: [
              { status: 'pending', nextAttemptAt: { $lte: at } },
              { status: 'processing', leaseUntil: { $lt: at } },
            ],
          },
          // Claimed after its backstop time, a job waits for nobody any more.
          { $set: { status: 'processing', workerId, leaseUntil }, $unset: { waitsFor: '' } },
          { sort: { rankAt: 1, createdAt: 1 }, returnDocument: 'after' },
        );
        if (!job) return null;
        const project = await projects.findOneAndUpdate(
          { _id: job._id, status: UNFINISHED, ...liveAt(at) },
          { $set: { status: 'processing', workerId, leaseUntil, updatedAt: at }, $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        );
        if (project) return project;
        // A queued edit of a finished result: the project stays completed (its result readable) meanwhile.
        const editing = await projects.findOneAndUpdate(
          { _id: job._id, status: 'completed', edit: { $exists: true } },
          { $set: { workerId, leaseUntil, updatedAt: at }, $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        );
        if (editing) return editing;
        // Finished before a crash removed its job, deleted, or an expired demo: nothing to do.
        await dropJob(job._id, { workerId });
      }
      return null;
    },
    /** An owner who became Pro: their waiting free jobs move up as if queued as Pro. Returns how many. */
    async promoteOwner(ownerId: string): Promise<number> {
      const waiting = await projects.find({ ownerId, status: 'pending' }, { projection: { _id: 1 } });
      if (waiting.length === 0) return 0;
      const free = await jobs.find({ _id: { $in: waiting.map((p) => p._id) }, priority: 'free' });
      let promoted = 0;
      for (const job of free) {
        const r = await jobs.updateOne(
          { _id: job._id, priority: 'free' },
          { $set: { priority: 'pro', rankAt: rankFor('pro', job.createdAt) } },
        );
        promoted += r.modified;
      }
      return promoted;
    },
    /** False when the job is no longer this worker's: stop working on it. */
    async renewLease(id: string, workerId: string, leaseMs: number): Promise<boolean> {
      const leaseUntil = new Date(now().getTime() + leaseMs);
      const r = await jobs.updateOne({ _id: id, status: 'processing', workerId }, { $set: { leaseUntil } });
      if (r.matched === 0) return false;
      // An edit's project stays completed while its job runs: the job row above is what is held.
      const p = await projects.updateOne({ _id: id, workerId }, { $set: { leaseUntil } });
      return p.matched > 0;
    },
    /**
     * A staging's first look, stored beside the job (the project stays processing); false unless this
     * worker still holds the job, so a draft never lands on a finished project.
     */
    async saveDraft(id: string, workerId: string, stagedKeys: string[]): Promise<boolean> {
      const at = now();
      const r = await projects.updateOne(held(id, workerId), {
        $set: { draft: { staged: stagedKeys, at }, updatedAt: at },
      });
      return r.matched > 0;
    },
    async updateProgress(id: string, workerId: string, progress: number): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), {
        $set: { progress: Math.max(0, Math.min(100, Math.round(progress))), updatedAt: now() },
      });
      return r.matched > 0;
    },
    /**
     * Exactly-once completion: null (nothing written) unless this worker still holds the job. `creditBack` (the
     * credit's month) gives the staging's credit back in the same write, so the result is never seen without it.
     */
    complete: (
      id: string,
      workerId: string,
      stagedKeys: string[],
      structure?: StructureCheckDoc[],
      creditBack?: string,
    ) =>
      finish(id, workerId, {
        status: 'completed',
        notifyPending: true,
        progress: 100,
        'images.staged': stagedKeys,
        ...(structure ? { structure } : {}),
        ...(creditBack ? { creditMonth: null, creditBack } : {}),
        error: null,
        completedAt: now(),
      }),
    /** A transient failure: back to pending until `nextAttemptAt`; null unless this worker holds the job. */
    async retryLater(id: string, workerId: string, nextAttemptAt: Date, error: string) {
      const waiting = await projects.findOneAndUpdate(
        held(id, workerId),
        {
          $set: {
            status: 'pending',
            nextAttemptAt,
            error,
            workerId: null,
            leaseUntil: null,
            updatedAt: now(),
          },
          // The next attempt makes its own first look.
          $unset: { draft: '' },
        },
        { returnDocument: 'after' },
      );
      if (waiting)
        await jobs.updateOne(
          { _id: id, workerId },
          { $set: { status: 'pending', nextAttemptAt, workerId: null, leaseUntil: null } },
        );
      return waiting;
    },
    /** Final failure; null unless this worker holds the job. Refund with `takeCreditForRefund`. */
    fail: (id: string, workerId: string, failure: StagingFailure) =>
      finish(id, workerId, {
        status: 'failed',
        notifyPending: true,
        progress: 0,
        failure,
        error: stagingFailureSentence(failure),
      }),

    /**
     * Hands every job marked processing back to the queue, due now. Only for a process that alone works
     * on the data (the embedded store) at start-up: any such job's worker died with the last process.
     */
    async requeueAbandoned(at: Date = now()): Promise<number> {
      const abandoned = await jobs.find({ status: 'processing' });
      for (const job of abandoned) {
        await jobs.updateOne(
          { _id: job._id },
          { $set: { status: 'pending', nextAttemptAt: at, workerId: null, leaseUntil: null } },
        );
        await projects.updateOne(
          { _id: job._id, status: 'processing' },
          { $set: { status: 'pending', nextAttemptAt: at, workerId: null, leaseUntil: null, updatedAt: at } },
        );
      }
      return abandoned.length;
    },
    /**
     * Every unfinished project has its job (projects stored before the queue had a collection of its
     * own), and every job its rank (jobs queued before priorities: as free, or demo without an owner).
     */
    async ensureJobs(): Promise<number> {
      const unfinished = await projects.find(
        { $or: [{ status: UNFINISHED }, { edit: { $exists: true } }] },
        { projection: { _id: 1, ownerId: 1, createdAt: 1, nextAttemptAt: 1 } },
      );
      let added = 0;
      for (const p of unfinished) {
        const createdAt = p.createdAt ?? now();
        const priority: QueuePriority = p.ownerId ? 'free' : 'demo';
        const r = await jobs
          .updateOne(
            { _id: p._id },
            {
              $setOnInsert: {
                status: 'pending',
                nextAttemptAt: p.nextAttemptAt ?? now(),
                leaseUntil: null,
                workerId: null,
                createdAt,
                priority,
                rankAt: rankFor(priority, createdAt),
              },
            },
            { upsert: true },
          )
          // Another process starting at the same time added it first.
          .catch((err: unknown) => {
            if (err instanceof DuplicateKeyError) return { upserted: false };
            throw err;
          });
        if (r.upserted) added += 1;
      }
      // Jobs of a release before priorities keep their place among the free ones.
      const unranked = await jobs.find({ rankAt: { $exists: false } });
      for (const job of unranked)
        await jobs.updateOne(
          { _id: job._id, rankAt: { $exists: false } },
          { $set: { priority: 'free', rankAt: rankFor('free', job.createdAt) } },
        );
      return added;
    },
  };
}
