import type { ContactMessage } from '@shared/api';
import type { Repositories } from '../../store';
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

/** Messages to support, from the contact form and its offline outbox. */
export function contactService(repos: Repositories) {
  return {
    /**
     * Stores the message once per `key`; true when it was stored now. A retry of a message already
     * stored (its answer was lost) succeeds without counting against the address again.
     */
    async send(message: ContactMessage, sender: Sender, key: string | null): Promise<boolean> {
      if (key && (await repos.contactMessages.has(key))) return false;
      await enforceRateLimit(repos, {
        key: `contact:${sender.ip}`,
        ...CONTACT_RATE_LIMIT,
        message: CONTACT_RATE_LIMITED_MESSAGE,
      });
      const doc = { ...message, userId: sender.userId };
      if (key) return (await repos.contactMessages.insertOnce(key, doc)) !== null;
      await repos.contactMessages.insert(doc);
      return true;
    },
  };
}
export type ContactService = ReturnType<typeof contactService>;
