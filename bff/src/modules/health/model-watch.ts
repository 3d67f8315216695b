import type { ModelStatus } from '@shared/api';
import {
  daysUntil,
  lifecycleOf,
  SHUTDOWN_WARNING_DAYS,
  type ModelAvailability,
  type StagingEngine,
} from '../../ai';
import type { ModelWatch } from '../../app-deps';
import type { Config, Logger } from '../../config';
import { modelLifecycleMail, type Mailer } from '../../mail';

const DAY_MS = 24 * 3600 * 1000;

export interface ModelWatchDeps {
  config: Pick<Config, 'OPERATOR_EMAIL'>;
  logger: Logger;
  engine: Pick<StagingEngine, 'checkModels'>;
  mail: Pick<Mailer, 'enqueue'>;
  now?: () => Date;
}

const notice = (s: ModelStatus): string | null => {
  const named = `${s.provider} ${s.role} model '${s.model}'`;
  if (s.served === false)
    return `The ${named} is not in the provider's model list: it is retired or misspelled.`;
  if (s.daysLeft !== null && s.daysLeft <= SHUTDOWN_WARNING_DAYS)
    return `The ${named} shuts down on ${s.shutdown} (in ${s.daysLeft} days); its replacement is '${s.replacement}'.`;
  return null;
};

/** Whether the configured models are still served, and when they stop: at start-up and every day. */
export function createModelWatch({
  config,
  logger,
  engine,
  mail,
  now = () => new Date(),
}: ModelWatchDeps): ModelWatch {
  let last: ModelStatus[] = [];
  let timer: NodeJS.Timeout | undefined;

  // The provider's own list, where it dates a model, is newer than our table.
  const statusOf = ({ listedShutdown, ...m }: ModelAvailability, checkedAt: Date): ModelStatus => {
    const life = lifecycleOf(m.provider, m.model);
    const shutdown = listedShutdown ?? life?.shutdown ?? null;
    return {
      ...m,
      shutdown,
      daysLeft: shutdown ? daysUntil(shutdown, checkedAt) : null,
      replacement: life?.replacement ?? null,
      checkedAt: checkedAt.toISOString(),
    };
  };

  const tellOperator = async (statuses: ModelStatus[], day: string) => {
    const notices = statuses.map(notice).filter((n): n is string => n !== null);
    const unread = [...new Set(statuses.filter((m) => m.served === null).map((m) => m.provider))];
    for (const provider of unread)
      notices.unshift(
        `The ${provider} model list could not be read: whether the models are still served is unknown until it can.`,
      );
    for (const n of notices) logger.warn({ models: statuses }, n);
    if (notices.length === 0 || !config.OPERATOR_EMAIL) return;
    // One mail a day at most, whatever the number of processes or restarts.
    await mail.enqueue(`model-lifecycle:${day}`, modelLifecycleMail(config.OPERATOR_EMAIL, notices));
  };

  return {
    statuses: () => last,
    async check() {
      if (!engine.checkModels) return last;
      const at = now();
      try {
        const available = await engine.checkModels(AbortSignal.timeout(30_000));
        last = available.map((m) => statusOf(m, at));
        logger.info({ models: last }, 'AI models checked against the provider model list');
      } catch (err) {
        // The list could not be read: what the table says still stands, served unknown.
        logger.warn({ err }, 'AI model list could not be read');
        last = last.map((s) => ({ ...s, served: null, checkedAt: at.toISOString() }));
      }
      await tellOperator(last, at.toISOString().slice(0, 10)).catch((err: unknown) =>
        logger.warn({ err }, 'model notice not queued'),
      );
      return last;
    },
    start() {
      void this.check();
      timer = setInterval(() => void this.check(), DAY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
