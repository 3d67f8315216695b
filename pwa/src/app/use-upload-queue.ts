import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROJECT_CREATED_TITLE, PROPERTY_LIMIT_TITLE } from '@shared/domain';
import { useEffect, useRef, useState } from 'react';
import { showConfirmation } from '../components/toast';
import { openPaywall } from '../components/paywall';
import { currentUserQueryKey, useCurrentUser } from '../lib/auth';
import { limitsQueryKey, limitsQueryOptions } from '../lib/limits';
import { useOnline } from '../lib/use-online';
import { startUploadRunner } from '../offline/sync';
import {
  setUploadAccount,
  subscribeQueue,
  subscribeUploadEvents,
  unblockUploads,
  QUEUED_PHOTO_CREATED,
  uploadAccountOf,
  type QueueState,
  type Sender,
} from '../offline/uploads';

const IDLE: QueueState = {
  waiting: 0,
  rooms: 0,
  sending: false,
  stalled: false,
  failed: [],
  blocked: null,
  owned: false,
  otherAccounts: [],
};

/**
 * Runs the upload queue for the whole app and follows its state. The queue sends the signed-in account's
 * photos only. A 401 makes the app re-check who is signed in (the banner asks to sign in again; signing
 * in, here or in another tab, resumes the queue); a 402 opens the paywall, and fresh limits that allow
 * generating again resume it.
 */
export function useUploadQueue(send?: Sender) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<QueueState>(IDLE);
  const [kick, setKick] = useState<() => Promise<void>>(() => () => Promise.resolve());
  const { data: user } = useCurrentUser();
  const blockedAt = useRef(0);
  // Rendered at build time the page assumes online; the browser corrects it right after hydrating.
  const online = useOnline();

  // Who is signed in, as far as this tab knows (also a sign-in or out in another tab, seen when this one
  // refetches the user): another account resumes the queue for its own photos.
  // Set before the runner starts, so its first flush knows whose photos to send.
  const userId = user === undefined ? undefined : (user?.id ?? null);
  const userName = user ? uploadAccountOf(user).name : '';
  useEffect(() => {
    if (userId !== undefined) setUploadAccount(userId === null ? null : { id: userId, name: userName });
  }, [userId, userName]);

  useEffect(() => {
    const runner = startUploadRunner({
      send,
      // The project list follows on its own (useProjects listens for uploaded photos).
      onCreated: () => {
        void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
        void showConfirmation({ title: PROJECT_CREATED_TITLE, description: QUEUED_PHOTO_CREATED });
      },
    });
    setKick(() => runner.kick);
    const stop = subscribeQueue(setState);
    // A property (or its first photo) past a free account's limit: the server's sentence, with the way out.
    const stopEvents = subscribeUploadEvents((e) => {
      if (e.type === 'failed' && e.paywall) openPaywall({ title: PROPERTY_LIMIT_TITLE, message: e.message });
    });
    return () => {
      stop();
      stopEvents();
      runner.stop();
    };
  }, [queryClient, send]);

  useEffect(() => {
    if (!state.blocked) return;
    blockedAt.current = Date.now();
    if (state.blocked === 'auth') void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    else {
      openPaywall();
      void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
    }
  }, [state.blocked, queryClient]);

  // Only limits fetched after the 402 count: a cached copy from before would just meet the 402 again.
  const limits = useQuery({ ...limitsQueryOptions(), enabled: state.blocked === 'payment' });
  useEffect(() => {
    if (state.blocked === 'payment' && limits.data?.canGenerate && limits.dataUpdatedAt > blockedAt.current)
      unblockUploads();
  }, [state.blocked, limits.data, limits.dataUpdatedAt]);

  return { state, kick, online };
}
