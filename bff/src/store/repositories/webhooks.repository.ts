import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryDoc, WebhookEndpointDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

/** Deliveries an endpoint's list shows. */
const LISTED_DELIVERIES = 50;

/** Webhook endpoints by account, and their deliveries as an outbox claimed with a lease (as the mail is). */
export function webhooksRepository(
  endpoints: DocCollection<WebhookEndpointDoc>,
  deliveries: DocCollection<WebhookDeliveryDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    async createEndpoint(e: Pick<WebhookEndpointDoc, 'userId' | 'url' | 'events' | 'secret'>) {
      const doc: WebhookEndpointDoc = { _id: randomUUID(), ...e, createdAt: now() };
      await endpoints.insertOne(doc);
      return doc;
    },
    listEndpoints: (userId: string) => endpoints.find({ userId }, { sort: { createdAt: -1 } }),
    findEndpoint: (userId: string, id: string) => endpoints.findOne({ _id: id, userId }),
    getEndpoint: (id: string) => endpoints.findOne({ _id: id }),
    async deleteEndpoint(userId: string, id: string): Promise<boolean> {
      if ((await endpoints.deleteOne({ _id: id, userId })) !== 1) return false;
      await deliveries.deleteMany({ endpointId: id });
      return true;
    },
    async enqueue(d: Pick<WebhookDeliveryDoc, 'endpointId' | 'userId' | 'event' | 'body'>) {
      const at = now();
      const doc: WebhookDeliveryDoc = {
        _id: `msg_${randomUUID()}`,
        ...d,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at,
        lastStatus: null,
        lastError: null,
        createdAt: at,
      };
      await deliveries.insertOne(doc);
      return doc;
    },
    listDeliveries: (endpointId: string) =>
      deliveries.find({ endpointId }, { sort: { createdAt: -1 }, limit: LISTED_DELIVERIES }),
    findDelivery: (userId: string, endpointId: string, id: string) =>
      deliveries.findOne({ _id: id, endpointId, userId }),
    /** The oldest due delivery (or this one), claimed for `leaseMs` with its attempt counted. */
    claimDue(leaseMs: number, id?: string): Promise<WebhookDeliveryDoc | null> {
      const at = now();
      return deliveries.findOneAndUpdate(
        { ...(id ? { _id: id } : {}), status: 'pending', nextAttemptAt: { $lte: at } },
        { $set: { nextAttemptAt: new Date(at.getTime() + leaseMs) }, $inc: { attempts: 1 } },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
      );
    },
    /** A replay: due at once again, whatever its status was. */
    async requeue(id: string): Promise<void> {
      await deliveries.updateOne({ _id: id }, { $set: { status: 'pending', nextAttemptAt: now() } });
    },
    async markDone(id: string, status: number): Promise<void> {
      await deliveries.updateOne(
        { _id: id },
        { $set: { status: 'delivered', lastStatus: status, lastError: null } },
      );
    },
    /** A failed attempt: due again at `retryAt`, or given up when `retryAt` is null. */
    async markFailed(id: string, status: number | null, error: string, retryAt: Date | null) {
      const set = retryAt
        ? { nextAttemptAt: retryAt, lastStatus: status, lastError: error }
        : { status: 'failed', lastStatus: status, lastError: error };
      await deliveries.updateOne({ _id: id }, { $set: set });
    },
    getDelivery: (id: string) => deliveries.findOne({ _id: id }),
    /** Deliveries are a log: those made before `before` go (retries stop after a day). */
    deleteDeliveriesBefore: (before: Date): Promise<number> =>
      deliveries.deleteMany({ createdAt: { $lt: before } }),
    async deleteForUser(userId: string): Promise<void> {
      await deliveries.deleteMany({ userId });
      await endpoints.deleteMany({ userId });
    },
  };
}
export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
