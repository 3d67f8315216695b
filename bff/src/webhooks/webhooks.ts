import { WEBHOOK_HEADERS, type WebhookEvent, type WebhookPayload } from '@shared/api';
import type { Logger } from '../config';
import type { ProjectFinished, ProjectFinishedSink } from '../project-changes';
import type { ProjectDoc, Repositories, WebhookDeliveryDoc } from '../store';
import { postWebhook } from './webhook-sender';
import { signWebhook } from './webhook-signature';
import type { WebhookTargets } from './webhook-targets';

/** Waits after each failed attempt; past a day from the event, the delivery is given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [10, 60, 300, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600].map(
  (s) => s * 1000,
);
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
const SWEEP_MS = 5_000;

/** The events a finished staging or edit stands for. */
export function eventsOf(project: ProjectDoc): WebhookEvent[] {
  if (project.status === 'failed') return ['project.failed'];
  if (project.status !== 'completed') return [];
  const events: WebhookEvent[] = [project.versions?.length ? 'edit.finished' : 'project.finished'];
  if ((project.structure ?? []).some((c) => c.flagged) && !project.concept) events.push('project.flagged');
  return events;
}

function payloadOf(type: WebhookEvent, project: ProjectDoc, at: Date): WebhookPayload {
  return {
    type,
    timestamp: at.toISOString(),
    data: {
      projectId: project._id,
      propertyId: project.propertyId ?? null,
      name: project.name,
      status: project.status === 'failed' ? 'failed' : 'completed',
      error: project.status === 'failed' ? project.error : null,
    },
  };
}

/**
 * Tells an account's https endpoints of its finished, failed and flagged stagings: each event is stored as a
 * delivery first (nothing is lost to a restart), sent signed, and retried with backoff for a day.
 */
export function createWebhooks(deps: { repos: Repositories; logger: Logger; targets: WebhookTargets }) {
  const { repos, logger, targets } = deps;
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<void> = Promise.resolve();

  async function attempt(delivery: WebhookDeliveryDoc): Promise<void> {
    const endpoint = await repos.webhooks.getEndpoint(delivery.endpointId);
    if (!endpoint) return;
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      [WEBHOOK_HEADERS.id]: delivery._id,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(endpoint.secret, delivery._id, timestamp, delivery.body),
    };
    const result = targets.allows(endpoint.url)
      ? await postWebhook(
          endpoint.url,
          headers,
          delivery.body,
          TIMEOUT_MS,
          targets.checksAddresses(endpoint.url),
        )
      : { status: null, error: 'the address is not a public https address' };
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await repos.webhooks.markDone(delivery._id, result.status);
      return;
    }
    const error = result.status === null ? result.error : `the endpoint answered ${result.status}`;
    const delay = WEBHOOK_RETRY_DELAYS_MS[delivery.attempts - 1];
    const retryAt = delay === undefined ? null : new Date(Date.now() + delay);
    const giveUp = !retryAt || retryAt.getTime() - delivery.createdAt.getTime() > GIVE_UP_AFTER_MS;
    await repos.webhooks.markFailed(delivery._id, result.status, error, giveUp ? null : retryAt);
  }

  /** Sends every due delivery once (several processes may sweep: each claims with a lease). */
  async function deliverDue(): Promise<void> {
    for (let d = await repos.webhooks.claimDue(LEASE_MS); d; d = await repos.webhooks.claimDue(LEASE_MS))
      await attempt(d);
  }

  async function enqueue({ project }: ProjectFinished): Promise<void> {
    if (!project.ownerId) return;
    const events = eventsOf(project);
    // The last of a property's rooms to finish tells the property's run is done.
    if (project.propertyId && !project.versions?.length)
      if ((await repos.projects.unfinishedInProperty(project.ownerId, project.propertyId)) === 0)
        events.push('property.finished');
    if (events.length === 0) return;
    const endpoints = await repos.webhooks.listEndpoints(project.ownerId);
    const at = new Date();
    for (const endpoint of endpoints)
      for (const event of events.filter((e) => endpoint.events.includes(e)))
        await repos.webhooks.enqueue({
          endpointId: endpoint._id,
          userId: project.ownerId,
          event,
          body: JSON.stringify(payloadOf(event, project, at)),
        });
    await deliverDue();
  }

  const run = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: unknown) => logger.warn({ err }, 'webhooks: sending failed'));
    return queue;
  };

  const sink: ProjectFinishedSink = {
    projectFinished(event) {
      void run(() => enqueue(event));
    },
  };
  return {
    ...sink,
    /** Sends one delivery again now, whatever its status; resolves with it as stored after the attempt. */
    async replay(delivery: WebhookDeliveryDoc): Promise<WebhookDeliveryDoc> {
      await repos.webhooks.requeue(delivery._id);
      await run(async () => {
        const claimed = await repos.webhooks.claimDue(LEASE_MS, delivery._id);
        if (claimed) await attempt(claimed);
      });
      return (await repos.webhooks.getDelivery(delivery._id)) ?? delivery;
    },
    /** Retries due deliveries on a timer (every process that runs a worker or serves the API). */
    start(): void {
      timer ??= setInterval(() => void run(deliverDue), SWEEP_MS);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
    /** Resolves once everything asked for so far has been tried. */
    settled: (): Promise<void> => queue,
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
