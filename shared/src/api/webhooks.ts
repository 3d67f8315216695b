import { z } from 'zod';

/** What an account's endpoint may hear of. */
export const WEBHOOK_EVENTS = [
  'project.finished',
  'project.failed',
  'project.flagged',
  'edit.finished',
  'property.finished',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Standard Webhooks headers: the delivery's id, its Unix time in seconds and `v1,<base64 HMAC-SHA256>`. */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

export const WEBHOOK_URL_REFUSED =
  'Webhooks go only to public https addresses (not this server, a private network or a link-local address).';

export const createWebhookRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: 'The webhook address must be an https URL.' }).max(2048),
  events: z
    .array(webhookEventSchema, { message: 'Choose which events to send.' })
    .min(1, { message: 'Choose at least one event.' })
    .transform((e) => [...new Set(e)]),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

/** The answer to a create: the signing secret (`whsec_<base64>`) is shown this once. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: webhookEventSchema,
  /** pending: will be tried (again); delivered: answered 2xx; failed: gave up after a day of retries. */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The receiver's last HTTP status, null when it could not be reached. */
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** The JSON body every delivery carries. */
export const webhookPayloadSchema = z.object({
  type: webhookEventSchema,
  /** ISO time the event happened. */
  timestamp: z.string(),
  data: z.object({
    projectId: z.string(),
    propertyId: z.string().nullable(),
    name: z.string(),
    status: z.enum(['completed', 'failed']),
    /** The failure's sentence, for project.failed. */
    error: z.string().nullable(),
  }),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

export const webhookParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const webhookDeliveryParamsSchema = z.object({
  id: z.string().min(1).max(100),
  deliveryId: z.string().min(1).max(100),
});
