import type { IdempotencyDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

/** A claim still without a project after this long belongs to a request that died; it may be taken again. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;

export type ClaimResult =
  { state: 'new' } | { state: 'existing'; projectId: string | null; projectIds?: string[] };

/** `Idempotency-Key` per user: the first request with a key creates, every repeat gets the same project. */
export function idempotencyRepository(
  keys: DocCollection<IdempotencyDoc>,
  now: () => Date = () => new Date(),
) {
  const id = (userId: string, key: string) => `${userId}:${key}`;
  /**
   * 'new': this caller owns the key and must `complete` or `release` it. 'existing' with a projectId:
   * answer with that project. 'existing' with null: another request with the key is still running.
   */
  async function claim(userId: string, key: string): Promise<ClaimResult> {
    const _id = id(userId, key);
    try {
      await keys.insertOne({ _id, userId, projectId: null, createdAt: now() });
      return { state: 'new' };
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    const stale = new Date(now().getTime() - STALE_CLAIM_MS);
    const retaken = await keys.findOneAndUpdate(
      { _id, projectId: null, createdAt: { $lt: stale } },
      { $set: { createdAt: now() } },
    );
    if (retaken) return { state: 'new' };
    const existing = await keys.findOne({ _id });
    // Released between our insert and this read: the key is free again.
    if (!existing) return claim(userId, key);
    const { projectId, projectIds } = existing;
    return { state: 'existing', projectId, ...(projectIds ? { projectIds } : {}) };
  }
  return {
    claim,
    async complete(userId: string, key: string, projectId: string): Promise<void> {
      await keys.updateOne({ _id: id(userId, key) }, { $set: { projectId } });
    },
    /** A request that created several projects (a property's rooms): every repeat gets all of them. */
    async completeMany(userId: string, key: string, projectIds: [string, ...string[]]): Promise<void> {
      await keys.updateOne({ _id: id(userId, key) }, { $set: { projectId: projectIds[0], projectIds } });
    },
    /** The request failed before creating anything: the same key may be sent again. */
    async release(userId: string, key: string): Promise<void> {
      await keys.deleteOne({ _id: id(userId, key), projectId: null });
    },
    async deleteForUser(userId: string): Promise<void> {
      await keys.deleteMany({ userId });
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
