import {
  WEBHOOK_URL_REFUSED,
  type CreatedWebhook,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@shared/api';
import { badRequest, notFound } from '../../http/errors';
import type { Repositories, WebhookDeliveryDoc, WebhookEndpointDoc } from '../../store';
import { newWebhookSecret, type Webhooks, type WebhookTargets } from '../../webhooks';

export const WEBHOOK_NOT_FOUND = 'There is no such webhook on your account.';
/** Endpoints one account may register. */
export const MAX_WEBHOOKS = 10;

const toWebhook = (e: WebhookEndpointDoc): Webhook => ({
  id: e._id,
  url: e.url,
  events: e.events as WebhookEvent[],
  createdAt: e.createdAt.toISOString(),
});

export const toDelivery = (d: WebhookDeliveryDoc): WebhookDelivery => ({
  id: d._id,
  event: d.event as WebhookEvent,
  status: d.status,
  attempts: d.attempts,
  lastStatus: d.lastStatus,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
});

/** Settings → API: an account's webhook endpoints, their deliveries and replays. */
export function webhooksService(repos: Repositories, targets: WebhookTargets, webhooks: Webhooks) {
  async function own(userId: string, id: string): Promise<WebhookEndpointDoc> {
    const endpoint = await repos.webhooks.findEndpoint(userId, id);
    if (!endpoint) throw notFound(WEBHOOK_NOT_FOUND);
    return endpoint;
  }
  return {
    async list(userId: string): Promise<Webhook[]> {
      return (await repos.webhooks.listEndpoints(userId)).map(toWebhook);
    },
    async create(userId: string, input: { url: string; events: CreateWebhookRequest['events'] }) {
      if (!targets.allows(input.url)) throw badRequest(WEBHOOK_URL_REFUSED, 'validation_error');
      if ((await repos.webhooks.listEndpoints(userId)).length >= MAX_WEBHOOKS)
        throw badRequest(`An account can register up to ${MAX_WEBHOOKS} webhooks.`, 'validation_error');
      const secret = newWebhookSecret();
      const endpoint = await repos.webhooks.createEndpoint({
        userId,
        url: input.url,
        events: input.events,
        secret,
      });
      return { webhook: toWebhook(endpoint), secret } satisfies CreatedWebhook;
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repos.webhooks.deleteEndpoint(userId, id))) throw notFound(WEBHOOK_NOT_FOUND);
    },
    async deliveries(userId: string, id: string): Promise<WebhookDelivery[]> {
      await own(userId, id);
      return (await repos.webhooks.listDeliveries(id)).map(toDelivery);
    },
    async replay(userId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const delivery = await repos.webhooks.findDelivery(userId, id, deliveryId);
      if (!delivery) throw notFound(WEBHOOK_NOT_FOUND);
      return toDelivery(await webhooks.replay(delivery));
    },
  };
}
