import type { SessionDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain =>
  typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Session data is opaque (OAuth state, provider claims): keys with `.` or a leading `$`, which the
 * document stores refuse, are stored with look-alike characters and restored on read.
 */
function encodeKeys(value: unknown, decode = false): unknown {
  if (Array.isArray(value)) return value.map((v) => encodeKeys(v, decode));
  if (!isPlain(value)) return value;
  const out: Plain = {};
  for (const [k, v] of Object.entries(value)) {
    const key = decode
      ? k.replace(/\uFF0E/g, '.').replace(/^\uFF04/, '$')
      : k.replace(/\./g, '\uFF0E').replace(/^\$/, '\uFF04');
    out[key] = encodeKeys(v, decode);
  }
  return out;
}

/** koa-session passes maxAge 'session' for browser-session cookies; the server copy still ends. */
const BROWSER_SESSION_MS = 24 * 3600_000;

/** koa-session's external store; an expired session is never returned, whether or not it was purged yet. */
export function sessionsRepository(sessions: DocCollection<SessionDoc>, now: () => Date = () => new Date()) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | null> {
      const doc = await sessions.findOne({ _id: sid, expiresAt: { $gt: now() } });
      return doc ? (encodeKeys(doc.data, true) as Record<string, unknown>) : null;
    },
    /** `data.userId` (when a string) is kept beside the data so all of a user's sessions can be ended. */
    async set(sid: string, data: Record<string, unknown>, maxAgeMs: number): Promise<void> {
      const userId = typeof data.userId === 'string' ? data.userId : null;
      await sessions.updateOne(
        { _id: sid },
        {
          $set: {
            data: encodeKeys(JSON.parse(JSON.stringify(data))),
            userId,
            expiresAt: new Date(
              now().getTime() + (Number.isFinite(maxAgeMs) ? maxAgeMs : BROWSER_SESSION_MS),
            ),
          },
        },
        { upsert: true },
      );
    },
    async destroy(sid: string): Promise<void> {
      await sessions.deleteOne({ _id: sid });
    },
    /** Signs the user out everywhere but `keepSid` (this device, after a password change). */
    async destroyOthersForUser(userId: string, keepSid: string | null): Promise<number> {
      return sessions.deleteMany(keepSid ? { userId, _id: { $ne: keepSid } } : { userId });
    },
    async destroyAllForUser(userId: string): Promise<number> {
      return sessions.deleteMany({ userId });
    },
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
