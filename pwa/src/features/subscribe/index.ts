export { SubscribePage } from './subscribe-page';
export { SubscriptionSuccessPage } from './subscription-success-page';
