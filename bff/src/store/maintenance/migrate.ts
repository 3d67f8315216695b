import type { Collections } from '../model/collections';
import { projectQueue } from '../repositories';

/**
 * Brings data written by earlier releases up to date at start-up, on either store (idempotent: a
 * second run changes nothing). Optional project fields are absent, not null; every unfinished
 * project has a job in the queue collection.
 */
export async function migrate(c: Collections, now: Date = new Date()): Promise<void> {
  for (const field of ['expiresAt', 'shareToken'])
    await c.projects.updateMany(
      { $and: [{ [field]: { $exists: true } }, { [field]: null }] },
      { $unset: { [field]: '' } },
    );
  await projectQueue(c.projects, c.jobs, () => now).ensureJobs();
}
