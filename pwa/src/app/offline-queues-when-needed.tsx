import { useEffect, useState, type ComponentType } from 'react';
import { hasSignedInHint } from '../lib/auth';
import { offlineDataMayExist } from '../offline/db';
import { QUEUED_EVENT } from '../offline/queue';
import { SHARED_PARAM } from '../offline/share';

/** Something may be queued, or will be: a signed-in user, a share just received, data already stored. */
async function mayHaveQueuedWork(): Promise<boolean> {
  return (
    hasSignedInHint() ||
    new URLSearchParams(window.location.search).has(SHARED_PARAM) ||
    (await offlineDataMayExist())
  );
}

/**
 * Loads the offline queues' code only when there can be something in them, after the first render: a
 * visitor's first visit downloads none of it, and the prerendered page is taken over exactly.
 */
export function OfflineQueuesWhenNeeded() {
  const [Queues, setQueues] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void import('./offline-queues').then((m) => live && setQueues(() => m.OfflineQueues));
    void mayHaveQueuedWork().then((yes) => yes && load());
    window.addEventListener(QUEUED_EVENT, load, { once: true });
    return () => {
      live = false;
      window.removeEventListener(QUEUED_EVENT, load);
    };
  }, []);
  return Queues ? <Queues /> : null;
}
