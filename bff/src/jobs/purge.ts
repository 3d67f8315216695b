import type { Logger } from '../config';
import { projectBlobPrefix, type BlobStore, type Repositories } from '../store';

/**
 * Deletes demo projects past their 24 h and their images. Reads already hide expired projects; this
 * frees the space (MongoDB's TTL index would drop the documents but not the GridFS blobs).
 */
export async function purgeExpiredProjects(
  repos: Repositories,
  blobs: BlobStore,
  logger: Logger,
  now: Date = new Date(),
): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await repos.projects.findExpiredDemos(now);
    for (const project of batch) {
      await blobs.deletePrefix(projectBlobPrefix(project._id));
      if (await repos.projects.deleteExpiredDemo(project._id, now)) purged += 1;
    }
    if (batch.length < 100) break;
  }
  if (purged > 0) logger.info({ count: purged }, 'expired demo projects purged');
  return purged;
}
