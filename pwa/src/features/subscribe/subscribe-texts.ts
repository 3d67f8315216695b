/** The subscribe flow's toasts, in the spec's words. */
export const SUBSCRIBE_TOASTS = {
  paymentSucceeded: {
    title: 'Payment Successful',
    description: 'Welcome to Pro! You now have unlimited generations.',
  },
  paymentFailed: { title: 'Payment Failed', fallback: 'Your payment could not be completed.' },
  setupFailed: 'Failed to set up subscription. Please try again.',
} as const;
