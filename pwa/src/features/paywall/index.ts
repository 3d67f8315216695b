export { PaywallModal } from './paywall-modal';
export { closePaywall, openPaywall, usePaywallOpen } from './paywall-store';
