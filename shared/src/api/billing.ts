import { z } from 'zod';

export const createSubscriptionResponseSchema = z.object({ clientSecret: z.string() });
export const billingPortalResponseSchema = z.object({ url: z.string() });
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;
