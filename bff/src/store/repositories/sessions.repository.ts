import type { SessionDoc } from '../documents';
import type { DocCollection } from '../types';

/** koa-session's external store; expired sessions are never returned (NeDB has no TTL index). */
export function sessionsRepository(sessions: DocCollection<SessionDoc>, now: () => Date = () => new Date()) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | null> {
      const doc = await sessions.findOne({ _id: sid, expiresAt: { $gt: now() } });
      return doc?.data ?? null;
    },
    async set(sid: string, data: Record<string, unknown>, maxAgeMs: number): Promise<void> {
      const userId = typeof data.userId === 'string' ? data.userId : null;
      await sessions.updateOne(
        { _id: sid },
        { $set: { data, userId, expiresAt: new Date(now().getTime() + maxAgeMs) } },
        { upsert: true },
      );
    },
    async destroy(sid: string): Promise<void> {
      await sessions.deleteOne({ _id: sid });
    },
    async destroyAllForUser(userId: string): Promise<number> {
      return sessions.deleteMany({ userId });
    },
    purgeExpired: (at: Date = now()) => sessions.deleteMany({ expiresAt: { $lte: at } }),
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
