import { API_PATHS } from './api-paths';
import { okSchema } from './common';
import { pushPublicKeySchema, pushSubscriptionRequestSchema, pushUnsubscribeRequestSchema } from './push';
import { invalidInput, signedIn, type ApiRoute } from './route-types';

/** Web Push: an installed app hears that its photos are staged while none of its tabs is open. */
export const PUSH_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.pushPublicKey,
    summary: "The server's VAPID public key, the browser's applicationServerKey",
    tag: 'Push',
    auth: 'none',
    responses: { 200: { description: 'The key (base64url)', schema: pushPublicKeySchema } },
  },
  {
    method: 'post',
    path: API_PATHS.pushSubscriptions,
    summary:
      "Save this device's push subscription for the signed-in user (one per endpoint; saved again, it is renewed)",
    tag: 'Push',
    auth: 'session',
    request: { json: pushSubscriptionRequestSchema },
    responses: {
      201: { description: 'Saved', schema: okSchema },
      ...invalidInput,
      ...signedIn,
    },
  },
  {
    method: 'delete',
    path: API_PATHS.pushSubscriptions,
    summary: "Remove a device's push subscription (signing out, or notifications turned off on it)",
    tag: 'Push',
    auth: 'optional',
    request: { json: pushUnsubscribeRequestSchema },
    responses: { 200: { description: 'Removed (or was not there)', schema: okSchema }, ...invalidInput },
  },
] as const satisfies readonly ApiRoute[];
