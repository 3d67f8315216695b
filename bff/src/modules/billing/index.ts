export { billingRoutes } from './billing.routes';
export { cancelSubscriptionsHook } from './billing.service';
export { checkBillingPortal, createStripe } from './stripe-client';
