import { useCallback, useEffect, useState } from 'react';
import {
  announceMayQueue,
  listOutboxItems,
  subscribeOutbox,
  type OutboxRecord,
} from '../../../offline/outbox';
import { CONTACT_OUTBOX_KIND } from '../api/send-contact-message';

/** Contact messages waiting in the outbox (pending or refused), kept up to date across tabs. */
export function useQueuedContactMessages(): OutboxRecord[] {
  const [items, setItems] = useState<OutboxRecord[]>([]);
  const refresh = useCallback(() => {
    listOutboxItems(CONTACT_OUTBOX_KIND).then(setItems, () => setItems([]));
  }, []);
  useEffect(() => {
    // The queues' code is fetched now, while online, so a message saved offline is sent by itself later.
    announceMayQueue();
    refresh();
    return subscribeOutbox(refresh);
  }, [refresh]);
  return items;
}
