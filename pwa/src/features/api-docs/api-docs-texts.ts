/** The API documentation's own texts about keys and webhooks. */
export const API_DOCS_TEXTS = {
  keysTitle: 'API keys',
  keysIntro:
    'Make a key in Settings → API, with a name and the scopes it needs; it is shown once. Send it as Authorization: Bearer <key> to the same routes the app uses: no cookie and no same-origin rule. Calls spend your plan and credits like the app does; on Pro each key may make a limited number of calls a minute (429 with Retry-After past it). A revoked or unknown key gets 401, a key without the route scope 403. Every create accepts an Idempotency-Key header, so a retry never spends twice.',
  scopesTitle: 'Scopes',
  routes: 'routes',
  scopes: {
    'projects:read': 'read projects, their status, images and downloads',
    staging: 'stage, restage and edit photos (spends credits)',
    properties: 'create and manage properties and their rooms',
    handover: 'share links and hand-over records',
  },
  webhooksTitle: 'Webhooks',
  webhooksIntro:
    'Register a public https endpoint (the Webhooks routes below, signed in) for some of these events. Each delivery is a JSON POST signed as Standard Webhooks do (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">), retried with backoff for a day until a 2xx, listed with its last status and replayable.',
  payloadTitle: 'Payload',
  verifyTitle: 'Verifying a delivery',
  verifyIntro: 'Check the signature over the raw body before trusting it:',
} as const;
