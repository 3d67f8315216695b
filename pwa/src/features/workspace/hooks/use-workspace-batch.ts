import { useQueryClient } from '@tanstack/react-query';
import { AUTHENTICATION_REQUIRED, NO_IMAGES_SELECTED, batchItemName, isFinished } from '@shared/domain';
import { limitsQueryKey } from '../../../lib/limits';
import { useBatch } from '../../batch';
import { openPaywall } from '../../paywall';
import { createProject, getProjectStatus, projectsQueryKey } from '../../projects';
import type { StagingOptions } from '../staging-options';
import { useCreditCheck } from './use-credit-check';
import { useNotify } from './use-notify';
import { needsSubscription } from './use-single-staging';

/** The batch tab wired to the projects API: each item becomes a project named after its file and room. */
export function useWorkspaceBatch({ signedIn, options }: { signedIn: boolean; options: StagingOptions }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const hasCredits = useCreditCheck();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectsQueryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
    ]);

  const batch = useBatch({
    createProject: async (item) => {
      try {
        return await createProject({
          image: item.file,
          fileName: item.file.name,
          name: batchItemName(item.file.name, options.roomType),
          ...options,
        });
      } catch (err) {
        // Out of credits: the item fails with the server's sentence and the paywall explains why.
        if (needsSubscription(err)) openPaywall();
        throw err;
      } finally {
        await refresh();
      }
    },
    getStatus: async (projectId) => {
      const s = await getProjectStatus(projectId);
      if (isFinished(s.status)) await refresh();
      return s;
    },
  });

  const done = (completed: number) =>
    notify.info('Batch Processing Complete', `Processed ${completed} images successfully.`);

  const start = async () => {
    if (batch.items.every((i) => i.status === 'completed')) {
      return notify.error(NO_IMAGES_SELECTED.title, NO_IMAGES_SELECTED.description);
    }
    if (!signedIn) return notify.error(AUTHENTICATION_REQUIRED.title, AUTHENTICATION_REQUIRED.description);
    if (!(await hasCredits())) return;
    done(await batch.start());
  };

  const retry = (id: string) => {
    if (!signedIn) return notify.error(AUTHENTICATION_REQUIRED.title, AUTHENTICATION_REQUIRED.description);
    void batch.retry(id);
  };

  return { ...batch, start, retry };
}
