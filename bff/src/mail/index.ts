import type { Config, Logger } from '../config';
import type { Repositories } from '../store';
import { createMailer, MAIL_TUNING, type Mailer, type MailerTuning } from './outbox-sender';
import { createMailTransport } from './transport';

export { MAIL_TUNING, type Mailer, type MailerTuning } from './outbox-sender';
export type { MailContent } from './message';
export * from './templates';

/** The app's mail: SMTP_URL's server, or .eml files under DATA_DIR/mail; queued in the store's outbox. */
export function createConfiguredMailer(
  deps: { config: Config; logger: Logger; repos: Repositories },
  tuning: MailerTuning = MAIL_TUNING,
): Mailer {
  return createMailer({ ...deps, transport: createMailTransport(deps.config, deps.logger) }, tuning);
}
export {
  NOTICE_GRACE_MS,
  RUN_QUIET_MS,
  stagingNotices,
  type StagingNoticeDeps,
  type StagingNotices,
} from './staging-notices';
export * from './account-mails';
