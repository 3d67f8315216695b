import { randomUUID } from 'node:crypto';
import type { Config, Logger } from '../config';
import type { MailOutboxDoc, Repositories } from '../store';
import type { MailContent } from './message';
import type { MailTransport } from './transport';

export interface MailerTuning {
  /** How often the sender looks for due mail (mail enqueued by this process is sent at once). */
  pollMs: number;
  /** The first retry waits this long; each further one twice as long, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A mail still refused this long after it was written is given up (logged as an error). */
  giveUpAfterMs: number;
  /** A claimed mail is due again after this long if its sender died mid-send. */
  leaseMs: number;
}

export const MAIL_TUNING: MailerTuning = {
  pollMs: 5000,
  retryBaseMs: 30_000,
  retryMaxMs: 3600_000,
  giveUpAfterMs: 3 * 24 * 3600_000,
  leaseMs: 10 * 60_000,
};

/** Sends the app's mail at least once, never inside a user's request. */
export interface Mailer {
  /**
   * Stores the mail under `key` (durable when this resolves) and sends it in the background. The same
   * key enqueued again keeps the first mail, so a repeated request does not send it twice.
   */
  enqueue(key: string, content: MailContent): Promise<void>;
  /** Sends every due mail now; resolves when none is left due. Never rejects. */
  flush(): Promise<void>;
  /** Starts looking for due mail every `pollMs` (retries, mail of other processes). */
  start(): void;
  /** Stops the loop and waits for a mail being sent. */
  stop(): Promise<void>;
}

/** The domain of MAIL_FROM, for Message-IDs. */
export const fromDomain = (from: string) => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'stagely.app';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

export function createMailer(
  deps: { repos: Repositories; transport: MailTransport; logger: Logger; config: Pick<Config, 'MAIL_FROM'> },
  tuning: MailerTuning = MAIL_TUNING,
  now: () => Date = () => new Date(),
): Mailer {
  const { repos, transport, logger } = deps;
  const domain = fromDomain(deps.config.MAIL_FROM);
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const retryAt = (mail: MailOutboxDoc): Date | null => {
    const at = now().getTime();
    if (at - mail.createdAt.getTime() >= tuning.giveUpAfterMs) return null;
    const wait = Math.min(tuning.retryMaxMs, tuning.retryBaseMs * 2 ** Math.max(0, mail.attempts - 1));
    // Jitter, so mail refused together is not retried in one burst.
    return new Date(at + wait * (0.8 + Math.random() * 0.4));
  };

  async function sendOne(mail: MailOutboxDoc): Promise<void> {
    try {
      await transport.send(mail);
      await repos.mailOutbox.markSent(mail._id);
      logger.info({ key: mail._id, messageId: mail.messageId, attempts: mail.attempts }, 'mail sent');
    } catch (err) {
      const next = retryAt(mail);
      await repos.mailOutbox.markFailed(mail._id, errorText(err), next);
      const fields = { key: mail._id, attempts: mail.attempts, err: errorText(err) };
      if (next) logger.warn({ ...fields, retryAt: next }, 'mail not sent, will retry');
      else logger.error(fields, 'mail given up after retrying');
    }
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const mail = await repos.mailOutbox.claimDue(tuning.leaseMs);
        if (!mail) break;
        await sendOne(mail);
      }
    } while (again);
  }

  const flush = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => logger.error({ err }, 'mail outbox failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    async enqueue(key, content) {
      const messageId = `<${randomUUID()}@${domain}>`;
      await repos.mailOutbox.enqueue(key, { ...content, replyTo: content.replyTo ?? null, messageId });
      void flush();
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), tuning.pollMs);
      timer.unref();
      void flush();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      transport.close();
    },
  };
}
