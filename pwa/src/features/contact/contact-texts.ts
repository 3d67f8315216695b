/** The contact form's toasts; the success toast verbatim (docs/product.md). */
export const CONTACT_TOASTS = {
  sent: { title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." },
  queued: {
    title: 'Message saved',
    description: "You're offline right now. We'll send your message as soon as you're back online.",
  },
  notSent: 'Message not sent',
  notSaved: 'Your message could not be sent or saved on this device. Please try again.',
} as const;
