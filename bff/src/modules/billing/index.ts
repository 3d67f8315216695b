export { billingRoutes } from './billing.routes';
export { cancelSubscriptionsHook } from './billing.service';
export { checkBillingPortal, createStripe, type StripeClient } from './stripe-client';
