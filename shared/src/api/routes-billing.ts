import { API_PATHS } from './api-paths';
import { createSubscriptionResponseSchema, billingPortalResponseSchema } from './billing';
import { okSchema } from './common';
import { contactMessageSchema } from './contact';
import { errorResponse, invalidInput, signedIn, type ApiRoute } from './route-types';

/** Subscriptions, the Stripe webhook and the contact form. */
export const BILLING_SUPPORT_ROUTES = [
  {
    method: 'post',
    path: API_PATHS.createSubscription,
    summary: 'Start a Pro subscription; returns the Payment Element client secret',
    tag: 'Billing',
    auth: 'session',
    responses: {
      200: { description: 'Client secret', schema: createSubscriptionResponseSchema },
      503: errorResponse('Payments are not configured'),
      ...signedIn,
    },
  },
  {
    method: 'post',
    path: API_PATHS.billingPortal,
    summary: 'A Stripe customer-portal session URL (manage or cancel the subscription)',
    tag: 'Billing',
    auth: 'session',
    responses: {
      200: { description: 'Portal URL', schema: billingPortalResponseSchema },
      503: errorResponse('Payments are not configured'),
      ...signedIn,
    },
  },
  {
    method: 'post',
    path: API_PATHS.stripeWebhook,
    summary:
      'Stripe events: no session, the Stripe-Signature header is verified; each event is processed once',
    tag: 'Billing',
    auth: 'none',
    request: { raw: 'application/json' },
    responses: { 200: { description: 'Received' }, 400: errorResponse('Bad signature') },
  },

  {
    method: 'post',
    path: API_PATHS.contact,
    summary: 'Send a message to support (optional Idempotency-Key header; 5 per hour per address)',
    tag: 'Support',
    auth: 'optional',
    request: { json: contactMessageSchema },
    responses: {
      201: { description: 'Stored', schema: okSchema },
      200: { description: 'Same Idempotency-Key: already stored', schema: okSchema },
      ...invalidInput,
    },
  },
] as const satisfies readonly ApiRoute[];
