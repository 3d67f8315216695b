import type { UsageDoc } from '../model/documents';
import { DuplicateKeyError, type DocCollection } from '../model/types';

export interface StaleReservation {
  userId: string;
  month: string;
  projectId: string;
  at: Date;
}

/**
 * Monthly generation counters, one document per user and UTC month (`YYYY-MM`). A credit is taken for
 * a named project and stays `pending` until that project is stored, so a crash in between can be
 * repaired: the reconciler refunds a reservation whose project never appeared.
 */
export function usageRepository(usage: DocCollection<UsageDoc>, now: () => Date = () => new Date()) {
  const id = (userId: string, month: string) => `${userId}:${month}`;

  /**
   * Takes one credit per project, all or none: only when `used + projectIds.length <= max`. A run of
   * several rooms is charged for exactly the rooms it stages, or not at all.
   */
  async function reserveCredits(
    userId: string,
    month: string,
    max: number,
    projectIds: string[],
  ): Promise<boolean> {
    const n = projectIds.length;
    if (n === 0 || !(max >= n)) return false;
    const _id = id(userId, month);
    const at = now();
    const take = {
      $inc: { used: n },
      $push: { pending: { $each: projectIds.map((projectId) => ({ projectId, at })) } },
    };
    // `used <= max - n`: on an unlimited plan the bound stays Infinity.
    const room = { $lte: max - n };
    try {
      const doc = await usage.findOneAndUpdate(
        { _id, used: room },
        { ...take, $setOnInsert: { userId, month } },
        { upsert: true, returnDocument: 'after' },
      );
      return doc !== null;
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    // The month's document exists (full, or inserted by a parallel first call): a plain conditional update decides.
    const doc = await usage.findOneAndUpdate({ _id, used: room }, take);
    return doc !== null;
  }

  return {
    /**
     * Takes one credit for `projectId` if fewer than `max` were used this month (`Infinity` counts
     * without a cap). The condition, the increment and the pending entry are one atomic operation, so
     * parallel calls never overspend and a crash never loses track of the credit.
     */
    reserveCredit(userId: string, month: string, max: number, projectId: string): Promise<boolean> {
      return reserveCredits(userId, month, max, [projectId]);
    },
    reserveCredits,
    /** The project is stored: its credit is simply used. */
    async settleReservation(userId: string, month: string, projectId: string): Promise<void> {
      await usage.updateOne({ _id: id(userId, month) }, { $pull: { pending: { projectId } } });
    },
    /**
     * Gives back the credit of a reservation whose project was not stored. Only the caller that removes
     * the pending entry refunds, so a request and any number of reconcilers never refund twice.
     */
    async refundReservation(userId: string, month: string, projectId: string): Promise<boolean> {
      const r = await usage.updateOne(
        { _id: id(userId, month), pending: { $elemMatch: { projectId } } },
        { $inc: { used: -1 }, $pull: { pending: { projectId } } },
      );
      return r.modified > 0;
    },
    /** Reservations older than `before`, oldest documents first: each one's project should exist by now. */
    async findStaleReservations(before: Date, limit = 500): Promise<StaleReservation[]> {
      const docs = await usage.find({ pending: { $elemMatch: { at: { $lt: before } } } }, { limit });
      return docs.flatMap((d) =>
        (d.pending ?? [])
          .filter((p) => p.at < before)
          .map((p) => ({ userId: d.userId, month: d.month, projectId: p.projectId, at: p.at })),
      );
    },
    /** Gives a credit back (a failed or flagged staging), counted as returned; never below zero. */
    async releaseCredit(userId: string, month: string): Promise<void> {
      await usage.updateOne(
        { _id: id(userId, month), used: { $gt: 0 } },
        { $inc: { used: -1, returned: 1 } },
      );
    },
    /**
     * Takes back a credit given back earlier (a flagged result kept after all), only while `used < max`
     * in that month; false when none is left.
     */
    async retakeCredit(userId: string, month: string, max: number): Promise<boolean> {
      if (!(max >= 1)) return false;
      const doc = await usage.findOneAndUpdate(
        { _id: id(userId, month), used: { $lte: max - 1 }, returned: { $gt: 0 } },
        { $inc: { used: 1, returned: -1 } },
      );
      return doc !== null;
    },
    async getUsed(userId: string, month: string): Promise<number> {
      return (await usage.findOne({ _id: id(userId, month) }))?.used ?? 0;
    },
    /** Credits given back in the month (failed or flagged stagings). */
    async getReturned(userId: string, month: string): Promise<number> {
      return (await usage.findOne({ _id: id(userId, month) }))?.returned ?? 0;
    },
    /** A free Restage or Try again was made (no credit taken): counted for the month's credits history. */
    async countFreeRetry(userId: string, month: string): Promise<void> {
      const _id = id(userId, month);
      try {
        await usage.updateOne(
          { _id },
          { $inc: { freeRetries: 1 }, $setOnInsert: { userId, month, used: 0 } },
          { upsert: true },
        );
      } catch (err) {
        // Inserted by a parallel first call of the month: it exists now, so a plain update counts.
        if (!(err instanceof DuplicateKeyError)) throw err;
        await usage.updateOne({ _id }, { $inc: { freeRetries: 1 } });
      }
    },
    /** Free Restages and Try agains made in the month. */
    async getFreeRetries(userId: string, month: string): Promise<number> {
      return (await usage.findOne({ _id: id(userId, month) }))?.freeRetries ?? 0;
    },
    async deleteForUser(userId: string): Promise<void> {
      await usage.deleteMany({ userId });
    },
  };
}
export type UsageRepository = ReturnType<typeof usageRepository>;
