export { PaywallModal } from './paywall-modal';
export { closePaywall, openPaywall, usePaywallOpen, type PaywallReason } from './paywall-store';
export { openPaywallForProStyle } from './pro-style-refusal';
