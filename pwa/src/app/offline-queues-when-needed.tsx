import { useEffect, useState, type ComponentType } from 'react';
import { hasSignedInHint } from '../lib/auth';
import { offlineDataMayExist } from '../offline/db';
import { MAY_QUEUE_EVENT, QUEUED_EVENT } from '../offline/queue';
import { SHARED_PARAM } from '../offline/share';

/** Something may be queued, or will be: a signed-in user, a share just received, data already stored. */
async function mayHaveQueuedWork(): Promise<boolean> {
  return (
    hasSignedInHint() ||
    new URLSearchParams(window.location.search).has(SHARED_PARAM) ||
    (await offlineDataMayExist())
  );
}

const TRIGGERS = [QUEUED_EVENT, MAY_QUEUE_EVENT] as const;

/**
 * Loads the offline queues' code only when there can be something in them, after the first render: a
 * visitor's first visit downloads none of it, and the prerendered page is taken over exactly. A load that
 * fails (offline before the service worker had the code) is tried again on the next trigger.
 */
export function OfflineQueuesWhenNeeded() {
  const [Queues, setQueues] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let state: 'idle' | 'loading' | 'loaded' = 'idle';
    const stopListening = () =>
      [...TRIGGERS, 'online'].forEach((name) => window.removeEventListener(name, load));
    function load() {
      if (state !== 'idle') return;
      state = 'loading';
      import('./offline-queues').then(
        (m) => {
          state = 'loaded';
          stopListening();
          if (live) setQueues(() => m.OfflineQueues);
        },
        () => {
          state = 'idle';
          window.addEventListener('online', load, { once: true });
        },
      );
    }
    TRIGGERS.forEach((name) => window.addEventListener(name, load));
    void mayHaveQueuedWork().then((yes) => yes && load());
    return () => {
      live = false;
      stopListening();
    };
  }, []);
  return Queues ? <Queues /> : null;
}
