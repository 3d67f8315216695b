import type { PasswordResetDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

type LinkExtra = Pick<PasswordResetDoc, 'purpose'>;
export type SignUpLinkState = 'ready' | 'used' | 'replaced';
/** A link answers only for what it was mailed for (a reset link never finishes a sign-up, nor the reverse). */
const servesPurpose = (doc: PasswordResetDoc, purpose: PasswordResetDoc['purpose']) =>
  doc.purpose === purpose;

/**
 * Single-use links mailed to an account (password resets, sign-up confirmations), by the digest of their
 * token: the token itself is never stored.
 */
export function passwordResetsRepository(
  resets: DocCollection<PasswordResetDoc>,
  now: () => Date = () => new Date(),
) {
  /**
   * Uses the link up: its document when it was there, for `purpose` and not expired, else null. One atomic
   * delete, so two requests with the same token cannot both succeed.
   */
  async function take(tokenHash: string, purpose: PasswordResetDoc['purpose']) {
    const doc = await resets.findOne({ _id: tokenHash, expiresAt: { $gt: now() } });
    if (!doc || !servesPurpose(doc, purpose)) return null;
    return (await resets.deleteOne({ _id: tokenHash })) === 1 ? doc : null;
  }

  return {
    async create(
      tokenHash: string,
      userId: string,
      ttlMs: number,
      extra: LinkExtra = {},
    ): Promise<PasswordResetDoc> {
      const at = now();
      const doc = {
        _id: tokenHash,
        userId,
        createdAt: at,
        expiresAt: new Date(at.getTime() + ttlMs),
        ...extra,
      };
      await resets.insertOne(doc);
      return doc;
    },
    /** Uses a reset link up: the user id when it was there and not expired, else null. */
    async consume(tokenHash: string): Promise<string | null> {
      return (await take(tokenHash, undefined))?.userId ?? null;
    },
    /**
     * Uses a sign-up link up: its document when it was there, working and not expired, else null. The link
     * stays, marked used, so its page can later say the account is ready.
     */
    async consumeSignUp(tokenHash: string): Promise<PasswordResetDoc | null> {
      const working = { _id: tokenHash, purpose: 'sign-up', spent: { $exists: false } };
      const doc = await resets.findOne({ ...working, expiresAt: { $gt: now() } });
      if (!doc) return null;
      const r = await resets.updateOne(working, { $set: { spent: 'used' } });
      return r.modified === 1 ? doc : null;
    },
    /** A sign-up link that has not expired, working or not: what its page should say. */
    async findSignUp(tokenHash: string): Promise<{ userId: string; state: SignUpLinkState } | null> {
      const doc = await resets.findOne({ _id: tokenHash, expiresAt: { $gt: now() } });
      if (!doc || !servesPurpose(doc, 'sign-up')) return null;
      return { userId: doc.userId, state: doc.spent ?? 'ready' };
    },
    /** 'Send the link again': the account's earlier sign-up links stop working. */
    replaceSignUps: (userId: string) =>
      resets.updateMany(
        { userId, purpose: 'sign-up', spent: { $exists: false } },
        { $set: { spent: 'replaced' } },
      ),
    /** Whether the reset link is there and not expired; reads only, the link stays usable. */
    async isUsable(tokenHash: string): Promise<boolean> {
      const doc = await resets.findOne({ _id: tokenHash, expiresAt: { $gt: now() } });
      return doc !== null && servesPurpose(doc, undefined);
    },
    /** Every other link of the user goes once the password is changed (or the account deleted). */
    deleteForUser: (userId: string) => resets.deleteMany({ userId }),
  };
}
export type PasswordResetsRepository = ReturnType<typeof passwordResetsRepository>;
