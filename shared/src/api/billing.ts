import { z } from 'zod';

export const createSubscriptionResponseSchema = z.object({
  clientSecret: z
    .string()
    .nullable()
    .describe("The Payment Element's secret; null when nothing is due (a coupon or a trial): already Pro"),
});
export const billingPortalResponseSchema = z.object({ url: z.string() });
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;
