// Signed Stripe webhooks for tests, signed by the Stripe SDK exactly as Stripe signs them.
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_signer');

/** A Stripe event's JSON as Stripe posts it. */
export function stripeEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object, ...extra },
    api_version: '2026-10-28.endive',
  });
}

/** The Stripe-Signature header Stripe would send with `payload`. */
export const signWebhook = (payload: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    ...(timestamp ? { timestamp } : {}),
  });

/** Posts a signed webhook to the app. */
export const postWebhook = (baseUrl: string, payload: string, signature = signWebhook(payload)) =>
  fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
