import type { DocCollection } from '../types';
import type { Identity, SubscriptionState, UserDoc } from '../documents';

export type NewUser = Pick<UserDoc, 'email' | 'username' | 'firstName' | 'lastName'> &
  Partial<Pick<UserDoc, 'passwordHash' | 'passwordSalt' | 'identities'>>;

export function usersRepository(users: DocCollection<UserDoc>) {
  return {
    async create(input: NewUser): Promise<UserDoc> {
      const now = new Date();
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
        createdAt: now,
        updatedAt: now,
        ...input,
        email: input.email.toLowerCase(),
      };
      await users.insertOne(doc);
      return doc;
    },
    findById: (id: string) => users.findOne({ _id: id }),
    findByEmail: (email: string) => users.findOne({ email: email.toLowerCase() }),
    findByIdentity: (provider: string, subject: string) =>
      users.findOne({ identities: { $elemMatch: { provider, subject } } }),
    findByStripeCustomerId: (customerId: string) => users.findOne({ stripeCustomerId: customerId }),
    async addIdentity(id: string, identity: Identity): Promise<void> {
      await users.updateOne(
        { _id: id },
        { $push: { identities: identity }, $set: { updatedAt: new Date() } },
      );
    },
    async update(id: string, patch: Partial<Omit<UserDoc, '_id' | 'createdAt'>>): Promise<UserDoc | null> {
      return users.findOneAndUpdate(
        { _id: id },
        { $set: { ...patch, updatedAt: new Date() } },
        { returnDocument: 'after' },
      );
    },
    /** Writes Stripe state unless a newer one is already stored (webhooks arrive out of order). */
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
      const r = await users.updateOne(filter, { $set: { subscription, plan, updatedAt: new Date() } });
      return r.matched > 0;
    },
    async delete(id: string): Promise<boolean> {
      return (await users.deleteOne({ _id: id })) > 0;
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
