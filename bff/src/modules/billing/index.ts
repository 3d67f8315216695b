export { billingRoutes } from './billing.routes';
export { cancelSubscriptionsHook } from './billing.service';
export { createStripe, type StripeClient } from './stripe-client';
