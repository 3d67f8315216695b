import type { UsageDoc } from '../documents';
import { DuplicateKeyError, type DocCollection } from '../types';

export function usageRepository(usage: DocCollection<UsageDoc>) {
  const id = (userId: string, month: string) => `${userId}:${month}`;
  return {
    /**
     * Takes one credit if fewer than `max` were used this month. Atomic: the condition and the increment
     * are one operation; an upsert that collides with an existing full document means "no credit".
     */
    async reserveCredit(userId: string, month: string, max: number): Promise<boolean> {
      if (max <= 0) return false;
      try {
        const before = await usage.findOneAndUpdate(
          { _id: id(userId, month), used: { $lt: max } },
          { $inc: { used: 1 }, $setOnInsert: { userId, month } },
          { upsert: true, returnDocument: 'after' },
        );
        return before !== null;
      } catch (err) {
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    /** Gives a credit back (a failed staging); never below zero. */
    async releaseCredit(userId: string, month: string): Promise<void> {
      await usage.updateOne({ _id: id(userId, month), used: { $gt: 0 } }, { $inc: { used: -1 } });
    },
    async getUsed(userId: string, month: string): Promise<number> {
      return (await usage.findOne({ _id: id(userId, month) }))?.used ?? 0;
    },
    async deleteForUser(userId: string): Promise<void> {
      await usage.deleteMany({ userId });
    },
  };
}
export type UsageRepository = ReturnType<typeof usageRepository>;
