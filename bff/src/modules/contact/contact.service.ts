import type { ContactMessage } from '@shared/api';
import { contactAckMail, supportCopyMail, type Mailer } from '../../mail';
import type { ContactMessageDoc, Repositories } from '../../store';
import { enforceRateLimit } from '../limits';

/** Per client address: enough for a real conversation, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
export const CONTACT_RATE_LIMITED_MESSAGE =
  'You have sent several messages in a short time. Please wait a while before sending another.';

export interface Sender {
  /** The signed-in user, or null for a visitor. */
  userId: string | null;
  ip: string;
}

/** Messages to support, from the contact form and its offline outbox; each is stored, then mailed. */
export function contactService(repos: Repositories, mail: Mailer, supportEmail: string) {
  /**
   * Keyed by the stored message, so a repeated message is mailed once. The copy goes only to a signed-in
   * sender's own account address: a typed address would let anyone mail their text to a stranger.
   */
  const mailOut = async (doc: ContactMessageDoc) => {
    await mail.enqueue(`contact:${doc._id}:support`, supportCopyMail(supportEmail, doc));
    const account = doc.userId ? await repos.users.findById(doc.userId) : null;
    if (account)
      await mail.enqueue(`contact:${doc._id}:ack`, contactAckMail(doc, account.email, supportEmail));
  };
  return {
    /**
     * Stores the message once per `key` and mails it to support, with a copy to a signed-in sender;
     * true when it was stored now. A retry of a message already stored (its answer was lost) succeeds
     * without counting against the address again or mailing twice.
     */
    async send(message: ContactMessage, sender: Sender, key: string | null): Promise<boolean> {
      const stored = key ? await repos.contactMessages.findByKey(key) : null;
      if (stored) {
        // Mailing is keyed too: a retry after a crash between storing and mailing sends what was missed.
        await mailOut(stored);
        return false;
      }
      await enforceRateLimit(repos, {
        key: `contact:${sender.ip}`,
        ...CONTACT_RATE_LIMIT,
        message: CONTACT_RATE_LIMITED_MESSAGE,
      });
      const input = { ...message, userId: sender.userId };
      const doc = key
        ? await repos.contactMessages.insertOnce(key, input)
        : await repos.contactMessages.insert(input);
      if (!doc) return false;
      await mailOut(doc);
      return true;
    },
  };
}
export type ContactService = ReturnType<typeof contactService>;
