import type { Identity, SubscriptionState, UserDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

export type NewUser = Pick<UserDoc, 'email' | 'username' | 'firstName' | 'lastName'> &
  Partial<Pick<UserDoc, 'passwordHash' | 'passwordSalt' | 'identities' | 'unconfirmed'>>;
export type UserPatch = Partial<Omit<UserDoc, '_id' | 'createdAt' | 'updatedAt'>>;

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function usersRepository(users: DocCollection<UserDoc>, now: () => Date = () => new Date()) {
  return {
    /** Throws DuplicateKeyError when the email is taken (compared lowercase). */
    async create(input: NewUser): Promise<UserDoc> {
      const at = now();
      const doc: UserDoc = {
        _id: crypto.randomUUID(),
        passwordHash: null,
        passwordSalt: null,
        identities: [],
        profileImageKey: null,
        profileImageVersion: 0,
        stripeCustomerId: null,
        subscription: null,
        plan: 'free',
        createdAt: at,
        updatedAt: at,
        ...input,
        email: normalizeEmail(input.email),
      };
      await users.insertOne(doc);
      return doc;
    },
    findById: (id: string) => users.findOne({ _id: id }),
    /** Which of `ids` are accounts (housekeeping: a blob folder without one is an orphan). */
    async existingIds(ids: string[]): Promise<Set<string>> {
      const found = await users.find({ _id: { $in: ids } }, { projection: { _id: 1 } });
      return new Set(found.map((u) => u._id));
    },
    findByEmail: (email: string) => users.findOne({ email: normalizeEmail(email) }),
    findByIdentity: (provider: string, subject: string) =>
      users.findOne({ identities: { $elemMatch: { provider, subject } } }),
    /** The account whose email change link has this digest and has not expired. */
    findByPendingEmailToken: (tokenHash: string) =>
      users.findOne({ 'pendingEmail.tokenHash': tokenHash, 'pendingEmail.expiresAt': { $gt: now() } }),
    /** The account whose pending email change the link mailed to its current address cancels. */
    findByPendingEmailCancelToken: (tokenHash: string) =>
      users.findOne({
        'pendingEmail.cancelTokenHash': tokenHash,
        'pendingEmail.expiresAt': { $gt: now() },
      }),
    /**
     * Sign-ups never confirmed and untouched since `before` (their links expired) go, so an address is not
     * held by a stranger's sign-up for good.
     */
    deleteUnconfirmedBefore: (before: Date) =>
      users.deleteMany({ unconfirmed: true, updatedAt: { $lt: before } }),
    findByStripeCustomerId: (customerId: string) => users.findOne({ stripeCustomerId: customerId }),
    /** Links a sign-in provider account; linking the same one twice stores it once. */
    async addIdentity(id: string, identity: Identity): Promise<boolean> {
      const r = await users.updateOne(
        { _id: id },
        {
          $addToSet: { identities: { provider: identity.provider, subject: identity.subject } },
          $set: { updatedAt: now() },
        },
      );
      return r.matched > 0;
    },
    /** Applies the fields given (undefined ones are left alone); null when the user does not exist. */
    async update(id: string, patch: UserPatch): Promise<UserDoc | null> {
      const set: Record<string, unknown> = { updatedAt: now() };
      for (const [k, v] of Object.entries(patch)) if (v !== undefined) set[k] = v;
      if (typeof patch.email === 'string') set.email = normalizeEmail(patch.email);
      return users.findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after' });
    },
    /**
     * Stores the Stripe customer once: when two requests race, both get the id that was stored first
     * (so the loser can delete the customer it just created). Null when the user does not exist.
     */
    async setStripeCustomerId(id: string, customerId: string): Promise<string | null> {
      const set = await users.findOneAndUpdate(
        { _id: id, stripeCustomerId: null },
        { $set: { stripeCustomerId: customerId, updatedAt: now() } },
        { returnDocument: 'after' },
      );
      if (set) return set.stripeCustomerId;
      return (await users.findOne({ _id: id }))?.stripeCustomerId ?? null;
    },
    /**
     * Writes Stripe state unless a newer one (by `subscription.updatedAt`, Stripe's event time) is
     * already stored, because webhooks arrive out of order. `null` clears it unconditionally.
     */
    async setSubscription(
      id: string,
      subscription: SubscriptionState | null,
      plan: 'free' | 'pro',
    ): Promise<boolean> {
      const filter = subscription
        ? {
            _id: id,
            $or: [{ subscription: null }, { 'subscription.updatedAt': { $lte: subscription.updatedAt } }],
          }
        : { _id: id };
      const r = await users.updateOne(filter, { $set: { subscription, plan, updatedAt: now() } });
      return r.matched > 0;
    },
    async delete(id: string): Promise<boolean> {
      return (await users.deleteOne({ _id: id })) > 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
