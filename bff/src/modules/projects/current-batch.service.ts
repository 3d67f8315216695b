import type { CurrentBatch } from '@shared/api';
import type { Repositories } from '../../store';
import { toProjectResponse } from './project.mapper';

/**
 * The batch tab's current batch: the ids of the photos sent from it, kept on the account so a reload or
 * another device shows the same batch. Only the owner's own projects are kept; deleted ones drop out.
 */
export function currentBatchService(repos: Repositories) {
  async function ownProjects(userId: string, ids: readonly string[]) {
    const unique = [...new Set(ids)];
    const docs = await Promise.all(unique.map((id) => repos.projects.findForOwner(userId, id)));
    return docs.filter((d) => d !== null);
  }
  const answer = (docs: Awaited<ReturnType<typeof ownProjects>>): CurrentBatch => ({
    projects: docs.map(toProjectResponse),
  });

  return {
    async read(userId: string): Promise<CurrentBatch> {
      const user = await repos.users.findById(userId);
      return answer(await ownProjects(userId, user?.batchProjectIds ?? []));
    },
    async save(userId: string, projectIds: readonly string[]): Promise<CurrentBatch> {
      const docs = await ownProjects(userId, projectIds);
      await repos.users.update(userId, { batchProjectIds: docs.map((d) => d._id) });
      return answer(docs);
    },
  };
}
