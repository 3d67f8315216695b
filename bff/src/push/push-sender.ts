import { type PushNotification } from '@shared/api';
import webpush from 'web-push';
import type { SavedPushSubscription } from '../store';
import type { VapidKeys } from './vapid-keys';

/** delivered: the push service took it; gone: the device unsubscribed (404/410); failed: try another time. */
export type PushOutcome = { kind: 'delivered' } | { kind: 'gone' } | { kind: 'failed'; reason: string };

export interface PushOptions {
  /** Pushes with the same topic replace one another while still waiting at the push service. */
  topic: string;
  /** How long the push service keeps it for a device that is offline. */
  ttlSeconds: number;
}

export interface PushSender {
  send(
    sub: SavedPushSubscription,
    notification: PushNotification,
    options: PushOptions,
  ): Promise<PushOutcome>;
}

/**
 * Encrypts the payload for the device (aes128gcm) and signs a VAPID token with web-push, then posts it
 * with fetch, bounded by `timeoutMs`: a push service that hangs never holds anything else up.
 */
export function createPushSender(vapid: VapidKeys, timeoutMs = 10_000): PushSender {
  return {
    async send(sub, notification, options) {
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(notification),
          {
            vapidDetails: vapid,
            contentEncoding: 'aes128gcm',
            TTL: options.ttlSeconds,
            topic: options.topic,
            urgency: 'normal',
          },
        );
        // fetch sets the length itself from the body.
        const headers = Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
        );
        const res = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) return { kind: 'gone' };
        if (res.ok) return { kind: 'delivered' };
        return { kind: 'failed', reason: `push service answered ${res.status}` };
      } catch (err) {
        return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
