import type { WebhookEventDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

/** Stripe event ids already handled, so a redelivered event changes nothing. */
export function webhookEventsRepository(
  events: DocCollection<WebhookEventDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    /** True the first time an event id is seen, false for every redelivery (one atomic unique insert). */
    async markProcessed(eventId: string): Promise<boolean> {
      try {
        await events.insertOne({ _id: eventId, receivedAt: now() });
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    /** Processing failed after `markProcessed`: forget the id so Stripe's next retry runs it again. */
    async forget(eventId: string): Promise<void> {
      await events.deleteOne({ _id: eventId });
    },
  };
}
export type WebhookEventsRepository = ReturnType<typeof webhookEventsRepository>;
