import type { PushPublicKey, PushSubscriptionRequest } from '@shared/api';
import { badRequest } from '../../http/errors';
import { PUSH_SERVICE_REFUSED, type PushEndpoints, type VapidKeys } from '../../push';
import type { Repositories } from '../../store';

/** Devices kept per account: the oldest goes when one more subscribes. */
export const MAX_PUSH_DEVICES = 10;
export const INVALID_PUSH_KEYS =
  "This browser's notification keys are not valid. Turn notifications off and on again on this device.";

const bytes = (base64url: string) => Buffer.from(base64url, 'base64url');

/** Saves and removes the devices of a user that hear by Web Push when a staging finishes. */
export function pushService(repos: Repositories, vapid: VapidKeys, endpoints: PushEndpoints) {
  return {
    publicKey(): PushPublicKey {
      return { publicKey: vapid.publicKey };
    },

    async subscribe(userId: string, sub: PushSubscriptionRequest): Promise<void> {
      // Only a known push service: any other address would have the server post wherever a user says.
      if (!endpoints.allows(sub.endpoint)) throw badRequest(PUSH_SERVICE_REFUSED, 'push_service_refused');
      // An uncompressed P-256 point and a 16-byte secret, or no payload could ever be encrypted for it.
      const key = bytes(sub.keys.p256dh);
      if (key.length !== 65 || key[0] !== 4 || bytes(sub.keys.auth).length !== 16)
        throw badRequest(INVALID_PUSH_KEYS, 'invalid_push_keys');
      await repos.pushSubscriptions.save(userId, {
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
      });
      const devices = await repos.pushSubscriptions.listForUser(userId);
      for (const old of devices.slice(MAX_PUSH_DEVICES))
        await repos.pushSubscriptions.delete(userId, old.endpoint);
    },

    /** Knowing the endpoint is enough: it is a secret of the browser that subscribed. */
    async unsubscribe(endpoint: string): Promise<void> {
      await repos.pushSubscriptions.deleteEndpoint(endpoint);
    },
  };
}
