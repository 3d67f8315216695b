import { useEffect, useState } from 'react';
import { EDIT_OUTBOX_KIND, listOutbox, subscribeOutbox } from '../offline/outbox';

export interface OutboxWaiting {
  edits: number;
  messages: number;
}

const NONE: OutboxWaiting = { edits: 0, messages: 0 };

/** The requests this device still has to send (edits, contact messages), after every change in any tab. */
export function useOutboxWaiting(): OutboxWaiting {
  const [waiting, setWaiting] = useState<OutboxWaiting>(NONE);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      void listOutbox().then(
        (all) => {
          // A refused one says so in its own toast; only what will still go counts.
          const pending = all.filter((r) => r.status === 'pending');
          const edits = pending.filter((r) => r.kind === EDIT_OUTBOX_KIND).length;
          if (live) setWaiting({ edits, messages: pending.length - edits });
        },
        () => undefined,
      );
    const stop = subscribeOutbox(refresh);
    refresh();
    return () => {
      live = false;
      stop();
    };
  }, []);
  return waiting;
}
