import { useQueryClient } from '@tanstack/react-query';
import {
  AUTHENTICATION_REQUIRED,
  BATCH_COMPLETE_TITLE,
  NO_IMAGES_SELECTED,
  batchCompleteText,
  batchItemName,
  isFinished,
} from '@shared/domain';
import { useRef } from 'react';
import { openSignIn } from '../../../components/sign-in-opener';
import { showConfirmation, showError, showNotice } from '../../../components/toast';
import { useSignedInCheck } from '../../../lib/auth';
import { creditsLeft, limitsQueryKey } from '../../../lib/limits';
import { photoRefusal } from '../../../lib/photo-refusal';
import {
  discardUpload,
  WAITING_FOR_CONNECTION,
  WAITING_FOR_SIGN_IN,
  queuedDescription,
} from '../../../offline/uploads';
import {
  BATCH_CREDITS_TITLE,
  batchCreditsMessage,
  itemsToProcess,
  stageWhatFitsLabel,
  useBatch,
  type CreateOutcome,
} from '../batch';
import { openPaywall, openPaywallForProStyle } from '../../../components/paywall';
import {
  QueuedUploadError,
  analyzeImage,
  createProject,
  fetchOriginalPhoto,
  getCurrentBatch,
  saveCurrentBatch,
  followProjectStatus,
  getProjectStatus,
  refreshProjectLists,
} from '../../../api/projects';
import type { StagingOptions } from '../staging-options';
import { useFreshLimits } from './use-credit-check';
import { needsSubscription } from './use-single-staging';

/**
 * The batch tab wired to the projects API: each photo is analysed on its own, and becomes a project with
 * its own room type (detected, picked, or the batch's), named after its file and that room.
 */
export function useWorkspaceBatch({ signedIn, options }: { signedIn: boolean; options: StagingOptions }) {
  const queryClient = useQueryClient();
  const freshLimits = useFreshLimits();
  const isSignedIn = useSignedInCheck();
  const refresh = () =>
    Promise.all([
      refreshProjectLists(queryClient),
      queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
    ]);

  // A photo the queue later refused stays there as failed; a retry from here replaces it.
  const refusedUploads = useRef(new Map<string, string>());
  const waitReason = useRef<QueuedUploadError['reason']>('connection');

  const batch = useBatch({
    ...(signedIn ? { loadBatch: getCurrentBatch, saveBatch: saveCurrentBatch } : {}),
    // A photo the server will not stage is said at once; any other analysis failure stays silent.
    analyze: (file, signal) =>
      analyzeImage(file, file.name, signal).catch((err: unknown) => {
        const refused = photoRefusal(err);
        if (refused) return { refused };
        throw err;
      }),
    createProject: async (item, run): Promise<CreateOutcome> => {
      const earlier = refusedUploads.current.get(item.id);
      if (earlier) await discardUpload(earlier);
      const roomType = item.roomType ?? options.roomType;
      try {
        // An item restored from the server sends its unedited photo again.
        const file = item.file ?? (await fetchOriginalPhoto(item.originalUrl ?? '', item.name));
        return await createProject({
          image: file,
          fileName: file.name,
          ...options,
          roomType,
          name: item.file ? batchItemName(item.file.name, roomType) : item.name,
          ...(run ? { batch: run } : {}),
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
        openPaywallForProStyle(err);
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

  /** A batch asking for more credits than are left says so first, and offers what fits or Pro. */
  const start = async (max?: number): Promise<void> => {
    if (batch.items.every((i) => i.status === 'completed' || i.refused)) {
      showError(NO_IMAGES_SELECTED.description, NO_IMAGES_SELECTED.title);
      return;
    }
    if (!signedIn && !(await isSignedIn())) {
      showError(AUTHENTICATION_REQUIRED.description, AUTHENTICATION_REQUIRED.title);
      return;
    }
    const limits = await freshLimits();
    if (limits?.canGenerate === false) return openPaywall();
    const left = creditsLeft(limits);
    const needed = itemsToProcess(batch.items).length;
    if (max === undefined && left !== null && left > 0 && needed > left) {
      return openPaywall({
        title: BATCH_CREDITS_TITLE,
        message: batchCreditsMessage(needed, left),
        fit: { label: stageWhatFitsLabel(left), run: () => void start(left) },
      });
    }
    waitReason.current = 'connection';
    const { completed, failed, waiting, notRun } = await batch.start(max);
    const reason = waitReason.current as QueuedUploadError['reason'];
    const title = reason === 'auth' ? WAITING_FOR_SIGN_IN : WAITING_FOR_CONNECTION;
    if (waiting > 0) showNotice({ title, description: queuedDescription(waiting, reason) });
    else
      void showConfirmation({
        title: BATCH_COMPLETE_TITLE,
        description: batchCompleteText(completed, failed, notRun),
      });
  };

  const retry = (id: string) => {
    if (!signedIn) return void showError(AUTHENTICATION_REQUIRED.description, AUTHENTICATION_REQUIRED.title);
    void batch.retry(id);
  };

  return { ...batch, start, retry };
}
