export { createWebhooks, eventsOf, WEBHOOK_RETRY_DELAYS_MS, type Webhooks } from './webhooks';
export { newWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature';
export { WebhookTargets } from './webhook-targets';
export { postWebhook, type SendResult } from './webhook-sender';
