import type { ProjectDoc } from '../documents';
import type { DocCollection } from '../types';

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
> & { _id?: string };

/** Projects are also the job queue: pending -> processing (leased) -> completed | failed. */
export function projectsRepository(projects: DocCollection<ProjectDoc>, now: () => Date = () => new Date()) {
  const notExpired = () => ({ $or: [{ expiresAt: null }, { expiresAt: { $gt: now() } }] });
  const held = (id: string, workerId: string) => ({
    _id: id,
    status: 'processing',
    workerId,
    leaseUntil: { $gt: now() },
  });
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
    findById: (id: string) => projects.findOne({ _id: id, ...notExpired() }),
    /** Null unless the project belongs to `ownerId` (callers answer 404, never 403). */
    findForOwner: (ownerId: string, id: string) => projects.findOne({ _id: id, ownerId }),
    listForOwner: (ownerId: string, limit?: number) =>
      projects.find({ ownerId }, { sort: { createdAt: -1 }, ...(limit ? { limit } : {}) }),
    /** Atomically takes the oldest due job, or one whose worker's lease ran out (a crashed worker). */
    claimNext(workerId: string, leaseMs: number): Promise<ProjectDoc | null> {
      const at = now();
      return projects.findOneAndUpdate(
        {
          $or: [
            { status: 'pending', nextAttemptAt: { $lte: at } },
            { status: 'processing', leaseUntil: { $lt: at } },
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
    async renewLease(id: string, workerId: string, leaseMs: number): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), {
        $set: { leaseUntil: new Date(now().getTime() + leaseMs) },
      });
      return r.matched > 0;
    },
    async updateProgress(id: string, workerId: string, progress: number): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), { $set: { progress, updatedAt: now() } });
      return r.matched > 0;
    },
    /** Only the worker still holding the lease may complete: exactly one completion per job. */
    async complete(id: string, workerId: string, staged: string[]): Promise<boolean> {
      const at = now();
      const r = await projects.updateOne(held(id, workerId), {
        $set: {
          status: 'completed',
          progress: 100,
          'images.staged': staged,
          error: null,
          leaseUntil: null,
          completedAt: at,
          updatedAt: at,
        },
      });
      return r.matched > 0;
    },
    async retryLater(id: string, workerId: string, nextAttemptAt: Date, error: string): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), {
        $set: { status: 'pending', nextAttemptAt, error, leaseUntil: null, workerId: null, updatedAt: now() },
      });
      return r.matched > 0;
    },
    async fail(id: string, workerId: string, error: string): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), {
        $set: { status: 'failed', progress: 0, error, leaseUntil: null, updatedAt: now() },
      });
      return r.matched > 0;
    },
    async setShareToken(ownerId: string, id: string, shareToken: string | null): Promise<ProjectDoc | null> {
      return projects.findOneAndUpdate(
        { _id: id, ownerId },
        { $set: { shareToken, updatedAt: now() } },
        { returnDocument: 'after' },
      );
    },
    findByShareToken: (token: string) => projects.findOne({ shareToken: token }),
    async deleteForOwner(ownerId: string, id: string): Promise<ProjectDoc | null> {
      const doc = await projects.findOne({ _id: id, ownerId });
      if (!doc) return null;
      await projects.deleteOne({ _id: id, ownerId });
      return doc;
    },
    async deleteAllForOwner(ownerId: string): Promise<ProjectDoc[]> {
      const docs = await projects.find({ ownerId });
      await projects.deleteMany({ ownerId });
      return docs;
    },
    findExpired: (at: Date = now()) => projects.find({ expiresAt: { $ne: null, $lte: at } }),
    deleteById: (id: string) => projects.deleteOne({ _id: id }),
  };
}
export type ProjectsRepository = ReturnType<typeof projectsRepository>;
