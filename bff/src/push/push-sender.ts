import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type PushNotification } from '@shared/api';
import webpush from 'web-push';
import type { SavedPushSubscription } from '../store';
import { publicOnlyLookup, type PushEndpoints } from './push-endpoints';
import type { VapidKeys } from './vapid-keys';

/**
 * delivered: the push service took it; gone: the device unsubscribed (404/410) or its endpoint is not a
 * push service we send to; failed: try another time.
 */
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

/** One POST, no redirects followed, bounded by `timeoutMs`; resolves to the status code. */
function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
  timeoutMs: number,
  checkAddress: boolean,
): Promise<number> {
  const url = new URL(endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': body?.length ?? 0 },
      signal: AbortSignal.timeout(timeoutMs),
      ...(checkAddress ? { lookup: publicOnlyLookup } : {}),
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/**
 * Encrypts the payload for the device (aes128gcm) and signs a VAPID token with web-push, then posts it,
 * bounded by `timeoutMs` (a push service that hangs never holds anything else up), only to the push
 * services `endpoints` allows and never to an internal address, whatever the name resolves to then.
 */
export function createPushSender(vapid: VapidKeys, endpoints: PushEndpoints, timeoutMs = 10_000): PushSender {
  return {
    async send(sub, notification, options) {
      if (!endpoints.allows(sub.endpoint)) return { kind: 'gone' };
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
        const headers = Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
        );
        const status = await post(
          request.endpoint,
          headers,
          request.body ?? null,
          timeoutMs,
          endpoints.checksAddresses(sub.endpoint),
        );
        if (status === 404 || status === 410) return { kind: 'gone' };
        if (status >= 200 && status < 300) return { kind: 'delivered' };
        return { kind: 'failed', reason: `push service answered ${status}` };
      } catch (err) {
        return { kind: 'failed', reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
