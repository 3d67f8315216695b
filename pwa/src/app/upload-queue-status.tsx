import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openSignIn } from '../components/sign-in-opener';
import { showToast } from '../components/toast';
import { openPaywall } from '../features/paywall';
import { limitsQueryKey } from '../lib/limits';
import { startUploadRunner } from '../offline/upload-runner';
import { subscribeQueue, type QueueState } from '../offline/upload-queue';
import { WAITING_FOR_CONNECTION } from '../offline/sync-constants';

/** Runs the upload queue for the whole app and says when photos wait (spec: nothing taken offline is lost). */
export function UploadQueueStatus() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<QueueState>({ waiting: 0, failed: [], blocked: null });

  useEffect(() => {
    const runner = startUploadRunner({
      onCreated: () => {
        void queryClient.invalidateQueries({ queryKey: ['/api/projects'] });
        void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
        showToast({
          title: 'Project Created',
          description: 'A queued photo has been uploaded and is being processed.',
        });
      },
    });
    const stop = subscribeQueue(setState);
    return () => {
      stop();
      runner.stop();
    };
  }, [queryClient]);

  if (state.waiting === 0) return null;
  const photos = `${state.waiting} photo${state.waiting === 1 ? '' : 's'}`;
  return (
    <div role="status" className="fixed inset-x-0 top-16 z-40 flex justify-center px-3">
      <div className="flex max-w-md items-center gap-3 rounded-xl border border-amber-700 bg-slate-900/95 px-4 py-2 text-sm shadow-xl">
        {state.blocked === 'auth' ? (
          <>
            <span>Sign in again to upload {photos}.</span>
            <button
              type="button"
              className="min-h-11 font-semibold text-indigo-300"
              onClick={() => openSignIn('login')}
            >
              Sign In
            </button>
          </>
        ) : state.blocked === 'payment' ? (
          <>
            <span>{photos} wait for credits.</span>
            <button type="button" className="min-h-11 font-semibold text-amber-300" onClick={openPaywall}>
              Upgrade
            </button>
          </>
        ) : (
          <span>
            {WAITING_FOR_CONNECTION}: {photos} queued
          </span>
        )}
      </div>
    </div>
  );
}
