import type { Collections } from '../model/collections';
import { projectQueue } from '../repositories';

/** Optional project fields older releases stored as null. */
const NULLED_FIELDS = ['expiresAt', 'shareToken'];

/**
 * Brings data written by earlier releases up to date at start-up, on either store (idempotent: a
 * second run changes nothing). Optional project fields are absent, not null; every unfinished
 * project has a job in the queue collection.
 */
export async function migrate(c: Collections, now: Date = new Date()): Promise<void> {
  const nulled = (field: string) => ({ $and: [{ [field]: { $exists: true } }, { [field]: null }] });
  // One pass over every project finds nothing to do on every start but the first after an old release.
  if ((await c.projects.countDocuments({ $or: NULLED_FIELDS.map(nulled) })) > 0)
    for (const field of NULLED_FIELDS)
      await c.projects.updateMany(nulled(field), { $unset: { [field]: '' } });
  await projectQueue(c.projects, c.jobs, () => now).ensureJobs();
}
