import type { ContactMessageDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

export type NewContactMessage = Omit<ContactMessageDoc, '_id' | 'createdAt'>;

export function contactMessagesRepository(
  messages: DocCollection<ContactMessageDoc>,
  now: () => Date = () => new Date(),
) {
  /** A client's Idempotency-Key becomes the id, in its own namespace so it never meets a generated id. */
  const keyed = (clientKey: string) => `client:${clientKey}`;
  return {
    async insert(input: NewContactMessage): Promise<ContactMessageDoc> {
      const doc: ContactMessageDoc = { ...input, _id: crypto.randomUUID(), createdAt: now() };
      await messages.insertOne(doc);
      return doc;
    },
    /** Stores the message the first time `clientKey` is seen; null for a repeat (already stored). */
    async insertOnce(clientKey: string, input: NewContactMessage): Promise<ContactMessageDoc | null> {
      const doc: ContactMessageDoc = { ...input, _id: keyed(clientKey), createdAt: now() };
      try {
        await messages.insertOne(doc);
        return doc;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return null;
        throw err;
      }
    },
    /** The message stored under `clientKey`, if any. */
    findByKey: (clientKey: string) => messages.findOne({ _id: keyed(clientKey) }),
    count: () => messages.countDocuments({}),
  };
}
export type ContactMessagesRepository = ReturnType<typeof contactMessagesRepository>;
