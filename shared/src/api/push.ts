import { z } from 'zod';

const base64url = (what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${what} must be base64url` })
    .max(200);

/** The server's VAPID public key (base64url), the browser's `applicationServerKey`. */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** The push service's address of one device: what `PushSubscription.toJSON()` gives. */
const endpointSchema = z
  .url({ protocol: /^https?$/, message: 'The push endpoint must be an http(s) address.' })
  .max(2048);

/** Saves this device's subscription for the signed-in user. */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('p256dh'), auth: base64url('auth') }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** Removes a device's subscription: knowing the endpoint (a secret of that browser) is enough. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint: endpointSchema });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/** One tag for every 'staged' notification, so a device shows one updated notification, not a pile. */
export const PUSH_STAGED_TAG = 'stagely-staged';

/** The decrypted payload of a push: what the service worker shows, and where a click goes. */
export const pushNotificationSchema = z.object({
  title: z.string(),
  body: z.string(),
  tag: z.string(),
  /** The app path to open on click (a project, a property, or the workspace). */
  url: z.string().startsWith('/'),
  /** How many stagings this notification tells of (a batch is one notification). */
  count: z.number().int().min(1),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;
