export { PaywallModal } from './paywall-modal';
export { closePaywall, openPaywall, usePaywallOpen, type PaywallReason } from './paywall-store';
