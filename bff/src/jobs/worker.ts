import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { StagingEngine } from '../ai';
import type { Config, Logger } from '../config';
import { stagingNotices, type Mailer } from '../mail';
import type { Repositories, StoreHandle } from '../store';
import { Wakeable, type JobSignal } from './job-signal';
import type { ProjectChangeSink, ProjectFinishedSink } from '../project-changes';
import { runEdit } from './run-edit';
import { runJob, type JobSettings } from './run-job';

export interface WorkerDeps {
  repos: Repositories;
  store: StoreHandle;
  engine: StagingEngine;
  logger: Logger;
  config: Config;
  /** New jobs wake the worker at once instead of at its next poll. */
  jobSignal?: JobSignal;
  /** Owners who asked for it are mailed when their staging (or its whole batch) is finished. */
  mail: Mailer;
  /** Pages served by this process hear of each status change at once (others find it by polling the store). */
  liveEvents?: ProjectChangeSink & ProjectFinishedSink;
  /** The owner's devices hear of a finished staging by Web Push, with no tab open. */
  push?: ProjectFinishedSink;
  /** The owner's webhook endpoints hear of finished, failed and flagged stagings. */
  webhooks?: ProjectFinishedSink;
}

export interface WorkerTuning extends Omit<JobSettings, 'workerId'> {
  pollMs: number;
  concurrency: number;
  /** How often mails a crash left undecided, and runs whose other photos never came, are looked for. */
  noticeSweepMs: number;
}

export interface Worker {
  readonly id: string;
  /** Stops claiming; a job in flight is handed back to the queue. */
  stop(): Promise<void>;
}

function tuningFrom(config: Config, overrides: Partial<WorkerTuning>): WorkerTuning {
  return {
    pollMs: config.WORKER_POLL_MS,
    concurrency: config.WORKER_CONCURRENCY,
    leaseMs: config.WORKER_LEASE_SECONDS * 1000,
    retryBaseMs: 2000,
    maxAttempts: 3,
    progressTickMs: 3000,
    noticeSweepMs: 60_000,
    drafts: config.STAGING_DRAFT,
    ...overrides,
  };
}

/**
 * Works the queue that the projects collection is: claims due jobs atomically with a lease, so any
 * number of workers (in BFF processes or `npm run worker`) can share it.
 */
export function startWorker(deps: WorkerDeps, overrides: Partial<WorkerTuning> = {}): Worker {
  const { repos, store, engine, logger } = deps;
  const tuning = tuningFrom(deps.config, overrides);
  const id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const settings: JobSettings = { ...tuning, workerId: id };
  const stopping = new AbortController();
  const idle = new Wakeable();
  const unsubscribe = deps.jobSignal?.subscribe(() => idle.wake()) ?? (() => undefined);
  const log = logger.child({ workerId: id });
  const notices = stagingNotices({ repos, mail: deps.mail, config: deps.config, logger: log });
  const changed = (project: { _id: string; ownerId: string | null }) =>
    deps.liveEvents?.projectChanged({ projectId: project._id, ownerId: project.ownerId });
  const channels: ProjectFinishedSink[] = [deps.liveEvents, deps.push, deps.webhooks, notices].filter(
    (c): c is ProjectFinishedSink => !!c,
  );

  /** The one 'project finished' event: every channel hears it with the project as stored, read once here. */
  async function finished(id: string): Promise<void> {
    const project = await repos.projects.findById(id);
    if (project?.status !== 'completed' && project?.status !== 'failed') return;
    const event = { project: { ...project, status: project.status } };
    for (const channel of channels) await channel.projectFinished(event);
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      let claimed = null;
      try {
        claimed = await repos.projects.claimNext(id, new Date(), tuning.leaseMs);
      } catch (err) {
        log.error({ err }, 'could not claim a job');
      }
      if (!claimed) {
        await idle.sleep(tuning.pollMs);
        continue;
      }
      changed(claimed);
      const taken = claimed;
      try {
        // A queued edit of a finished result takes the same queue, lease and retries as a staging.
        const run = claimed.edit ? runEdit : runJob;
        const outcome = await run(
          { repos, blobs: store.blobs, engine, logger, changed: () => changed(taken) },
          settings,
          claimed,
          stopping.signal,
        );
        if (outcome === 'completed' || outcome === 'failed') {
          // A finished job may have released rooms that waited for it: idle loops take them now.
          idle.wake();
          await finished(claimed._id);
        } else changed(claimed);
      } catch (err) {
        // The store itself failed mid-job; the lease runs out and another attempt picks it up.
        log.error({ err, projectId: claimed._id }, 'job aborted by an unexpected error');
      }
    }
  }

  const loops = Array.from({ length: tuning.concurrency }, () => loop());
  const sweeper = setInterval(() => {
    notices.sweep().catch((err: unknown) => log.warn({ err }, 'project mails not swept'));
  }, tuning.noticeSweepMs);
  sweeper.unref();
  log.info({ engine: engine.kind, concurrency: tuning.concurrency }, 'staging worker started');

  return {
    id,
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      clearInterval(sweeper);
      unsubscribe();
      idle.wake();
      await Promise.all(loops);
      log.info('staging worker stopped');
    },
  };
}
