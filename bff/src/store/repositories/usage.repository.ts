import type { UsageDoc } from '../documents';
import { DuplicateKeyError, type DocCollection } from '../types';

/** Monthly generation counters, one document per user and UTC month (`YYYY-MM`). */
export function usageRepository(usage: DocCollection<UsageDoc>) {
  const id = (userId: string, month: string) => `${userId}:${month}`;
  return {
    /**
     * Takes one credit if fewer than `max` were used this month (`Infinity` counts without a cap).
     * The condition and the increment are one atomic operation, so parallel calls never overspend.
     */
    async reserveCredit(userId: string, month: string, max: number): Promise<boolean> {
      if (!(max > 0)) return false;
      const _id = id(userId, month);
      try {
        const doc = await usage.findOneAndUpdate(
          { _id, used: { $lt: max } },
          { $inc: { used: 1 }, $setOnInsert: { userId, month } },
          { upsert: true, returnDocument: 'after' },
        );
        return doc !== null;
      } catch (err) {
        if (!(err instanceof DuplicateKeyError)) throw err;
      }
      // The month's document exists (full, or inserted by a parallel first call): a plain conditional update decides.
      const doc = await usage.findOneAndUpdate({ _id, used: { $lt: max } }, { $inc: { used: 1 } });
      return doc !== null;
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
