import type { MailOutboxDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

export type NewMail = Pick<MailOutboxDoc, 'messageId' | 'to' | 'replyTo' | 'subject' | 'text' | 'html'>;

/**
 * Mail waiting to be sent. A sender claims a due message by pushing its next attempt past a lease, so
 * two processes never send it at once and a sender that dies leaves it due again once the lease ends.
 */
export function mailOutboxRepository(
  outbox: DocCollection<MailOutboxDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    /** Stores the mail under its idempotency key; false when that key is already there (kept as it was). */
    async enqueue(key: string, mail: NewMail): Promise<boolean> {
      const at = now();
      const doc: MailOutboxDoc = {
        ...mail,
        _id: key,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at,
        lastError: null,
        createdAt: at,
      };
      try {
        await outbox.insertOne(doc);
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    /** The oldest due pending mail, claimed for `leaseMs` (its attempt counted); null when none is due. */
    claimDue(leaseMs: number): Promise<MailOutboxDoc | null> {
      const at = now();
      return outbox.findOneAndUpdate(
        { status: 'pending', nextAttemptAt: { $lte: at } },
        { $set: { nextAttemptAt: new Date(at.getTime() + leaseMs) }, $inc: { attempts: 1 } },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
      );
    },
    async markSent(key: string): Promise<void> {
      await outbox.updateOne({ _id: key }, { $set: { status: 'sent', sentAt: now(), lastError: null } });
    },
    /** A failed attempt: due again at `retryAt`, or given up (`failed`) when `retryAt` is null. */
    async markFailed(key: string, error: string, retryAt: Date | null): Promise<void> {
      const set = retryAt
        ? { nextAttemptAt: retryAt, lastError: error }
        : { status: 'failed', lastError: error };
      await outbox.updateOne({ _id: key }, { $set: set });
    },
    /** When the next pending mail is due (null when none waits), so the sender sleeps until then. */
    async nextDueAt(): Promise<Date | null> {
      const [next] = await outbox.find({ status: 'pending' }, { sort: { nextAttemptAt: 1 }, limit: 1 });
      return next?.nextAttemptAt ?? null;
    },
    get: (key: string) => outbox.findOne({ _id: key }),
    /** Every mail to or on behalf of an address (a deleted account keeps no copy of what it was sent). */
    deleteForAddress: (address: string) =>
      outbox.deleteMany({ $or: [{ to: address }, { replyTo: address }] }),
  };
}
export type MailOutboxRepository = ReturnType<typeof mailOutboxRepository>;
