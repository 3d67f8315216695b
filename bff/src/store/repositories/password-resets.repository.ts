import type { PasswordResetDoc } from '../documents';
import type { DocCollection } from '../types';

/** Password reset links, by the digest of their token: the token itself is never stored. */
export function passwordResetsRepository(
  resets: DocCollection<PasswordResetDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    async create(tokenHash: string, userId: string, ttlMs: number): Promise<PasswordResetDoc> {
      const at = now();
      const doc = { _id: tokenHash, userId, createdAt: at, expiresAt: new Date(at.getTime() + ttlMs) };
      await resets.insertOne(doc);
      return doc;
    },
    /**
     * Uses the link up: the user id when it was there and not expired, else null. One atomic delete, so
     * two requests with the same token cannot both succeed.
     */
    async consume(tokenHash: string): Promise<string | null> {
      const doc = await resets.findOne({ _id: tokenHash, expiresAt: { $gt: now() } });
      if (!doc) return null;
      return (await resets.deleteOne({ _id: tokenHash })) === 1 ? doc.userId : null;
    },
    /** Whether the link is there and not expired; reads only, the link stays usable. */
    async isUsable(tokenHash: string): Promise<boolean> {
      return (await resets.findOne({ _id: tokenHash, expiresAt: { $gt: now() } })) !== null;
    },
    /** Every other link of the user goes once the password is changed (or the account deleted). */
    deleteForUser: (userId: string) => resets.deleteMany({ userId }),
  };
}
export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
