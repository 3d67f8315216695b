import { DEFAULT_PREFERENCES } from '@shared/domain';
import type { Logger } from '../config';
import type { ProjectFinished, ProjectFinishedSink } from '../project-changes';
import type { Repositories } from '../store';
import type { PushSender } from './push-sender';
import { stagedNotification, type FinishedProject, type StagedBatch } from './staged-notifications';

export interface PushNotifierTuning {
  /** Stagings that finish within this of the previous one are told as one batch ('Your 3 photos are staged'). */
  batchQuietMs: number;
  /** How long a push service keeps a notification for a device that is offline. */
  ttlSeconds: number;
}

export const PUSH_NOTIFIER_TUNING: PushNotifierTuning = { batchQuietMs: 10 * 60_000, ttlSeconds: 24 * 3600 };

/** Pushes with this topic replace each other at the push service, so an offline device gets the latest only. */
const TOPIC = 'staged';
/** Project+status pairs already told, remembered so a repeated change is pushed once. */
const TOLD_MEMORY = 1000;

/**
 * Tells the owner's devices by Web Push when a staging finishes (completed or failed) and they keep
 * 'project completed' notifications on. Hears the worker's 'project finished' event; each push is sent
 * after the job, one after another, and a push service that fails or hangs costs a log line only.
 */
export function createPushNotifier(
  deps: { repos: Repositories; logger: Logger; sender: PushSender },
  overrides: Partial<PushNotifierTuning> = {},
) {
  const { repos, logger, sender } = deps;
  const tuning = { ...PUSH_NOTIFIER_TUNING, ...overrides };
  const batches = new Map<string, StagedBatch>();
  const told = new Set<string>();
  let queue: Promise<void> = Promise.resolve();

  function batchFor(ownerId: string, project: FinishedProject): StagedBatch {
    const now = Date.now();
    for (const [id, b] of batches) if (now - b.lastAt > tuning.batchQuietMs) batches.delete(id);
    const batch = batches.get(ownerId) ?? { staged: 0, failed: 0, propertyIds: new Set(), lastAt: now };
    if (project.status === 'completed') batch.staged += 1;
    else batch.failed += 1;
    batch.propertyIds.add(project.propertyId ?? null);
    batch.lastAt = now;
    batches.set(ownerId, batch);
    return batch;
  }

  function firstTelling(key: string): boolean {
    if (told.has(key)) return false;
    told.add(key);
    if (told.size > TOLD_MEMORY) told.delete(told.values().next().value!);
    return true;
  }

  async function notify({ project }: ProjectFinished): Promise<void> {
    const { ownerId, _id: projectId } = project;
    if (!ownerId) return;
    if (!firstTelling(`${project._id}:${project.status}`)) return;
    const prefs = (await repos.preferences.get(ownerId)) ?? DEFAULT_PREFERENCES;
    if (!prefs.inAppNotifications.project_completed) return;
    const devices = await repos.pushSubscriptions.listForUser(ownerId);
    if (devices.length === 0) return;
    const notification = stagedNotification(project, batchFor(ownerId, project));
    for (const device of devices) {
      const outcome = await sender.send(device, notification, {
        topic: TOPIC,
        ttlSeconds: tuning.ttlSeconds,
      });
      if (outcome.kind === 'gone') await repos.pushSubscriptions.deleteEndpoint(device.endpoint);
      if (outcome.kind === 'failed')
        logger.warn({ projectId, reason: outcome.reason }, 'push: could not notify a device');
    }
  }

  const sink: ProjectFinishedSink = {
    projectFinished(event) {
      queue = queue
        .then(() => notify(event))
        .catch((err: unknown) =>
          logger.warn({ err, projectId: event.project._id }, 'push: notifying failed'),
        );
    },
  };
  return {
    ...sink,
    /** Resolves once every push asked for so far has been tried (shutdown waits for it). */
    settled: (): Promise<void> => queue,
  };
}
export type PushNotifier = ReturnType<typeof createPushNotifier>;
