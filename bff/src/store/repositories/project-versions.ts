import type { StagingFailure } from '@shared/domain';
import type { JobDoc, PendingEditDoc, ProjectDoc, QueuePriority, VersionDoc } from '../model/documents';
import type { DocCollection, Filter } from '../model/types';
import { rankFor } from './project-queue';

/** Version 1 as a project without versions has it: its staged images, check and staging class. */
export type FirstVersion = VersionDoc;

/** The project's fields that show one version as current (and those it unsets: its check, its concept). */
const currentFields = (v: VersionDoc) => ({
  'images.staged': v.staged,
  currentVersion: v.number,
  alterations: v.alterations,
  ...(v.structure ? { structure: v.structure } : {}),
  ...(v.concept ? { concept: true as const } : {}),
});
const absentFields = (v: VersionDoc): Record<string, ''> => ({
  ...(v.structure ? {} : { structure: '' }),
  ...(v.concept ? {} : { concept: '' }),
});

/**
 * A project's result versions and the edits that make them. An edit goes through the staging queue (the
 * project's job) but never leaves the project without its result: it is completed before and after.
 */
export function projectVersions(
  projects: DocCollection<ProjectDoc>,
  jobs: DocCollection<JobDoc>,
  now: () => Date,
) {
  /** The edit is still this worker's (its project stays completed meanwhile). */
  const held = (id: string, workerId: string): Filter => ({ _id: id, workerId, edit: { $exists: true } });
  /** Matches the project only as it was read: nobody set another version or queued an edit since. */
  const unchanged = (ownerId: string, doc: ProjectDoc): Filter => ({
    _id: doc._id,
    ownerId,
    status: 'completed',
    edit: { $exists: false },
    currentVersion: doc.currentVersion === undefined ? { $exists: false } : doc.currentVersion,
  });

  return {
    /**
     * Queues an edit of a completed project (its versions written first when it has none yet); the project
     * stays completed. Null when it changed meanwhile (another edit, deleted), or when `freeRetryOf` (the
     * flagged version it tries again for free) owes no free Try again any more. A crash before the job is
     * written leaves an edit without a job, which start-up gives its job (`ensureJobs`).
     */
    async queueEdit(
      ownerId: string,
      doc: ProjectDoc,
      edit: PendingEditDoc,
      first: FirstVersion,
      priority: QueuePriority,
      freeRetryOf?: number,
    ): Promise<ProjectDoc | null> {
      const at = now();
      const retried =
        freeRetryOf === undefined ? -1 : (doc.versions ?? []).findIndex((v) => v.number === freeRetryOf);
      if (freeRetryOf !== undefined && retried < 0) return null;
      const queued = await projects.findOneAndUpdate(
        {
          ...unchanged(ownerId, doc),
          // The free Try again is taken with the edit, once: only while that version (at that place) owes it.
          ...(retried < 0
            ? {}
            : {
                [`versions.${retried}.number`]: freeRetryOf,
                versions: {
                  $elemMatch: {
                    number: freeRetryOf,
                    creditBack: { $exists: true },
                    freeRetryTaken: { $exists: false },
                  },
                },
              }),
        },
        {
          $set: {
            attempts: 0,
            edit,
            updatedAt: at,
            ...(doc.versions ? {} : { versions: [first] }),
            ...(retried < 0 ? {} : { [`versions.${retried}.freeRetryTaken`]: true }),
          },
          $unset: { editError: '', editFailure: '' },
        },
        { returnDocument: 'after' },
      );
      if (!queued) return null;
      const job = { status: 'pending' as const, nextAttemptAt: at, leaseUntil: null, workerId: null };
      await jobs.updateOne(
        { _id: doc._id },
        { $set: { ...job, createdAt: at, priority, rankAt: rankFor(priority, at) } },
        { upsert: true },
      );
      return queued;
    },

    /** A transient failure: the edit waits until `nextAttemptAt`; false unless this worker holds it. */
    async retryEdit(id: string, workerId: string, nextAttemptAt: Date): Promise<boolean> {
      const r = await projects.updateOne(held(id, workerId), {
        $set: { workerId: null, leaseUntil: null, updatedAt: now() },
      });
      if (r.matched === 0) return false;
      await jobs.updateOne(
        { _id: id, workerId },
        { $set: { status: 'pending', nextAttemptAt, workerId: null, leaseUntil: null } },
      );
      return true;
    },

    /** The edit's version becomes current; null (nothing written) unless this worker holds the job. */
    async completeEdit(id: string, workerId: string, version: VersionDoc): Promise<ProjectDoc | null> {
      const at = now();
      const done = await projects.findOneAndUpdate(
        held(id, workerId),
        {
          $set: {
            leaseUntil: null,
            updatedAt: at,
            lastVersion: version.number,
            ...currentFields(version),
          },
          $push: { versions: version },
          $unset: { edit: '', ...absentFields(version) },
        },
        { returnDocument: 'after' },
      );
      if (done) await jobs.deleteOne({ _id: id });
      return done;
    },

    /**
     * The edit failed for good: the project keeps its current version and says why. Returns the project
     * as it was (its `edit.creditMonth` is the credit to give back), null unless this worker holds it.
     */
    async failEdit(id: string, workerId: string, failure: StagingFailure): Promise<ProjectDoc | null> {
      const at = now();
      const before = await projects.findOneAndUpdate(held(id, workerId), {
        $set: { editFailure: failure, leaseUntil: null, updatedAt: at },
        $unset: { edit: '', editError: '' },
      });
      if (before) await jobs.deleteOne({ _id: id });
      return before;
    },

    /** Shows `version` as current; null when the project changed since `doc` was read. */
    setCurrentVersion: (ownerId: string, doc: ProjectDoc, version: VersionDoc) =>
      projects.findOneAndUpdate(
        unchanged(ownerId, doc),
        {
          $set: { ...currentFields(version), updatedAt: now() },
          ...(version.structure && version.concept ? {} : { $unset: absentFields(version) }),
        },
        { returnDocument: 'after' },
      ),

    /** Removes a version that is not current; null when the project changed since `doc` was read. */
    deleteVersion: (ownerId: string, doc: ProjectDoc, number: number) =>
      projects.findOneAndUpdate(
        unchanged(ownerId, doc),
        { $pull: { versions: { number } }, $set: { updatedAt: now() } },
        { returnDocument: 'after' },
      ),
  };
}
