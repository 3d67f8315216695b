import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { showToast } from '../components/toast';
import { openPaywall } from '../features/paywall';
import { currentUserQueryKey, useCurrentUser } from '../lib/auth';
import { limitsQueryKey, limitsQueryOptions } from '../lib/limits';
import { startUploadRunner } from '../offline/upload-runner';
import { subscribeQueue, unblockUploads, type QueueState, type Sender } from '../offline/upload-queue';

const IDLE: QueueState = { waiting: 0, sending: false, stalled: false, failed: [], blocked: null };

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * Runs the upload queue for the whole app and follows its state. A 401 makes the app re-check who is
 * signed in (the banner asks to sign in again; signing in, here or in another tab, resumes the queue);
 * a 402 opens the paywall, and fresh limits that allow generating again resume it.
 */
export function useUploadQueue(send?: Sender) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<QueueState>(IDLE);
  const [kick, setKick] = useState<() => Promise<void>>(() => () => Promise.resolve());
  const { data: user } = useCurrentUser();
  const blockedAt = useRef(0);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);

  useEffect(() => {
    const runner = startUploadRunner({
      send,
      onCreated: () => {
        void queryClient.invalidateQueries({ queryKey: ['/api/projects'] });
        void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
        showToast({
          title: 'Project Created',
          description: 'A queued photo has been uploaded and is being processed.',
        });
      },
    });
    setKick(() => runner.kick);
    const stop = subscribeQueue(setState);
    return () => {
      stop();
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

  // Signed in again (also in another tab, seen when this one refetches the user): the photos may go.
  const signedIn = Boolean(user);
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (signedIn && !wasSignedIn.current) unblockUploads();
    wasSignedIn.current = signedIn;
  }, [signedIn]);

  // Only limits fetched after the 402 count: a cached copy from before would just meet the 402 again.
  const limits = useQuery({ ...limitsQueryOptions(), enabled: state.blocked === 'payment' });
  useEffect(() => {
    if (state.blocked === 'payment' && limits.data?.canGenerate && limits.dataUpdatedAt > blockedAt.current)
      unblockUploads();
  }, [state.blocked, limits.data, limits.dataUpdatedAt]);

  return { state, kick, online };
}
