import { useQueryClient } from '@tanstack/react-query';
import { AUTHENTICATION_REQUIRED, NO_IMAGES_SELECTED, batchItemName, isFinished } from '@shared/domain';
import { useRef } from 'react';
import { openSignIn } from '../../../components/sign-in-opener';
import { limitsQueryKey } from '../../../lib/limits';
import { discardUpload } from '../../../offline/upload-queue';
import {
  WAITING_FOR_CONNECTION,
  WAITING_FOR_SIGN_IN,
  queuedDescription,
} from '../../../offline/upload-texts';
import { useBatch, type CreateOutcome } from '../../batch';
import { openPaywall } from '../../paywall';
import {
  QueuedUploadError,
  createProject,
  followProjectStatus,
  getProjectStatus,
  projectsQueryKey,
} from '../../projects';
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

  // A photo the queue later refused stays there as failed; a retry from here replaces it.
  const refusedUploads = useRef(new Map<string, string>());
  const waitReason = useRef<QueuedUploadError['reason']>('connection');

  const batch = useBatch({
    createProject: async (item): Promise<CreateOutcome> => {
      const earlier = refusedUploads.current.get(item.id);
      if (earlier) await discardUpload(earlier);
      try {
        return await createProject({
          image: item.file,
          fileName: item.file.name,
          name: batchItemName(item.file.name, options.roomType),
          ...options,
        });
      } catch (err) {
        // Offline, the server down or the session over: the queue keeps the photo and uploads it later.
        if (err instanceof QueuedUploadError) {
          waitReason.current = err.reason;
          if (err.reason === 'auth') openSignIn('login');
          const uploaded = err.uploaded.then(
            async (id) => {
              await refresh();
              return { id };
            },
            (refused: unknown) => {
              refusedUploads.current.set(item.id, err.uploadId);
              throw refused;
            },
          );
          return { waiting: err.message, uploaded };
        }
        // Out of credits: the item fails with the server's sentence and the paywall explains why.
        if (needsSubscription(err)) openPaywall();
        throw err;
      } finally {
        await refresh();
      }
    },
    getStatus: async (projectId) => {
      const s = await getProjectStatus(projectId);
      followProjectStatus(queryClient, projectId, s);
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
    waitReason.current = 'connection';
    const { completed, waiting } = await batch.start();
    const reason = waitReason.current as QueuedUploadError['reason'];
    const title = reason === 'auth' ? WAITING_FOR_SIGN_IN : WAITING_FOR_CONNECTION;
    if (waiting > 0) notify.info(title, queuedDescription(waiting, reason));
    else done(completed);
  };

  const retry = (id: string) => {
    if (!signedIn) return notify.error(AUTHENTICATION_REQUIRED.title, AUTHENTICATION_REQUIRED.description);
    void batch.retry(id);
  };

  return { ...batch, start, retry };
}
