import { createHash } from 'node:crypto';
import type { PushSubscriptionDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

/** What a browser's `PushSubscription.toJSON()` gives: where to post, and the keys to encrypt for. */
export interface SavedPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/** Web Push subscriptions by device: one document per endpoint, owned by whoever subscribed it last. */
export function pushSubscriptionsRepository(
  subscriptions: DocCollection<PushSubscriptionDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    /** Saves (or renews) the endpoint for `userId`; the same device signed in as someone else moves to them. */
    async save(userId: string, sub: SavedPushSubscription): Promise<void> {
      const at = now();
      await subscriptions.updateOne(
        { _id: idOf(sub.endpoint) },
        {
          $set: { userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, updatedAt: at },
          $setOnInsert: { createdAt: at },
        },
        { upsert: true },
      );
    },
    /** The user's devices, most recently subscribed first. */
    listForUser(userId: string): Promise<PushSubscriptionDoc[]> {
      return subscriptions.find({ userId }, { sort: { updatedAt: -1 } });
    },
    /** Removes the endpoint if it is the user's; returns whether it was. */
    async delete(userId: string, endpoint: string): Promise<boolean> {
      return (await subscriptions.deleteOne({ _id: idOf(endpoint), userId })) === 1;
    },
    /** The push service said the endpoint is gone (404/410): nobody can be reached there any more. */
    async deleteEndpoint(endpoint: string): Promise<void> {
      await subscriptions.deleteOne({ _id: idOf(endpoint) });
    },
    deleteForUser: (userId: string) => subscriptions.deleteMany({ userId }),
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof pushSubscriptionsRepository>;
