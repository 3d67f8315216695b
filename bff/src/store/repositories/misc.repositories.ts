import type { ContactMessageDoc, RateLimitDoc, WebhookEventDoc } from '../documents';
import { DuplicateKeyError, type DocCollection } from '../types';

export function webhookEventsRepository(events: DocCollection<WebhookEventDoc>) {
  return {
    /** True the first time an event id is seen, false for every redelivery. */
    async markProcessed(eventId: string): Promise<boolean> {
      try {
        await events.insertOne({ _id: eventId, receivedAt: new Date() });
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    /** Processing failed: let Stripe's retry run it again. */
    async forget(eventId: string): Promise<void> {
      await events.deleteOne({ _id: eventId });
    },
  };
}
export type WebhookEventsRepository = ReturnType<typeof webhookEventsRepository>;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters shared by every process that uses the same store. */
export function rateLimitsRepository(limits: DocCollection<RateLimitDoc>) {
  return {
    async hit(key: string, windowMs: number, max: number, now: Date = new Date()): Promise<RateLimitResult> {
      const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
      const expiresAt = new Date(windowStart + windowMs);
      const id = `${key}:${windowStart}`;
      let doc: RateLimitDoc | null = null;
      for (let attempt = 0; attempt < 3 && !doc; attempt++) {
        try {
          doc = await limits.findOneAndUpdate(
            { _id: id },
            { $inc: { count: 1 }, $setOnInsert: { key, expiresAt } },
            { upsert: true, returnDocument: 'after' },
          );
        } catch (err) {
          // Two first hits raced to insert; the loser increments the winner's document.
          if (!(err instanceof DuplicateKeyError)) throw err;
        }
      }
      const count = doc?.count ?? max + 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
      return { allowed: count <= max, remaining: Math.max(0, max - count), retryAfterSeconds };
    },
    async reset(key: string): Promise<void> {
      await limits.deleteMany({ key });
    },
    purgeExpired: (at: Date = new Date()) => limits.deleteMany({ expiresAt: { $lte: at } }),
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;

export function contactMessagesRepository(messages: DocCollection<ContactMessageDoc>) {
  return {
    async insert(input: Omit<ContactMessageDoc, '_id' | 'createdAt'>): Promise<ContactMessageDoc> {
      const doc: ContactMessageDoc = { ...input, _id: crypto.randomUUID(), createdAt: new Date() };
      await messages.insertOne(doc);
      return doc;
    },
    count: () => messages.countDocuments({}),
  };
}
export type ContactMessagesRepository = ReturnType<typeof contactMessagesRepository>;
