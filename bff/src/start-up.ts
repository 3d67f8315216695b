import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createEngine, createUpscaler, type StagingEngine, type Upscaler } from './ai';
import { ConfigError, createLogger, DataFileError, loadConfig, type Config, type Logger } from './config';
import {
  configureSharpForServer,
  createProvenanceMarker,
  IntakeGate,
  loadSigningKeys,
  type ProvenanceMarker,
} from './images';
import { recoverAtStartUp, startHousekeeping, type Housekeeping } from './jobs';
import { createConfiguredMailer, stagingNotices, type Mailer } from './mail';
import {
  createPushNotifier,
  createPushSender,
  PushEndpoints,
  loadVapidKeys,
  type PushNotifier,
  type VapidKeys,
} from './push';
import { createWebhooks, WebhookTargets, type Webhooks } from './webhooks';
import {
  AccountsMissingError,
  createRepositories,
  openStore,
  StoreDamagedError,
  UNWATCHED_DISK,
  watchDiskSpace,
  type DiskSpace,
  type Repositories,
  type Store,
} from './store';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** What both processes, the BFF (`main.ts`) and the standalone worker, open at start-up. */
export interface Core {
  config: Config;
  logger: Logger;
  store: Store;
  repos: Repositories;
  engine: StagingEngine;
  /** Pro's 4K exports of smaller results: Real-ESRGAN on Replicate when its token is set. */
  upscaler: Upscaler | null;
  diskSpace: DiskSpace;
  intakeGate: IntakeGate;
  /** The mail outbox and its sender (SMTP_URL, or .eml files under DATA_DIR/mail). */
  mail: Mailer;
  /** The Web Push key pair, and the notifier the worker tells of finished stagings. */
  vapid: VapidKeys;
  push: PushNotifier;
  /** Signed webhooks to the accounts' https endpoints, stored and retried for a day. */
  webhooks: Webhooks;
  /** Watermarks and signs the altered images handed out (C2PA_KEY/C2PA_CERT or DATA_DIR/c2pa.json). */
  provenance: ProvenanceMarker;
}

/** One gate per process: every route that reads and decodes a photo shares it. */
export function intakeGateFor(config: Config): IntakeGate {
  return new IntakeGate({
    concurrent: config.INTAKE_CONCURRENCY || os.availableParallelism(),
    perOwner: config.UPLOADS_PER_USER,
  });
}

/** The embedded store writes under DATA_DIR, so that is the disk to watch; MongoDB's disk is not ours. */
export function diskSpaceFor(config: Config, store: Store): DiskSpace {
  return store.kind === 'nedb' && config.MIN_FREE_DISK_MB > 0
    ? watchDiskSpace(config.dataDir, config.MIN_FREE_DISK_MB * 1024 * 1024)
    : UNWATCHED_DISK;
}

/** The store `config` names: MongoDB when MONGODB_URI is set, else the embedded files in DATA_DIR; S3 blobs with S3_BUCKET. */
export function openConfiguredStore(config: Config, logger?: Logger): Promise<Store> {
  return openStore({
    dataDir: config.dataDir,
    mongodbUri: config.MONGODB_URI,
    mongodbDb: config.MONGODB_DB,
    s3: config.S3_BUCKET
      ? {
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    warn: (message) => logger?.warn(message),
  });
}

/** Reads and validates the configuration once, then opens the store and makes the AI engine it names. */
export async function openCore(env: NodeJS.ProcessEnv = process.env): Promise<Core> {
  const config = loadConfig(env, pkg.version);
  const logger = createLogger(config);
  for (const warning of config.modelShutdownWarnings) logger.warn(warning);
  configureSharpForServer();
  const store = await openConfiguredStore(config, logger);
  const repos = createRepositories(store);
  const vapid = await loadVapidKeys(config);
  const provenance = await createProvenanceMarker(await loadSigningKeys(config));
  return {
    config,
    logger,
    store,
    repos,
    engine: createEngine(config),
    upscaler: createUpscaler(config),
    diskSpace: diskSpaceFor(config, store),
    intakeGate: intakeGateFor(config),
    mail: createConfiguredMailer({ config, logger, repos }),
    vapid,
    push: createPushNotifier({
      repos,
      logger,
      sender: createPushSender(vapid, new PushEndpoints(config.PUSH_SERVICE_ORIGINS)),
    }),
    webhooks: createWebhooks({ repos, logger, targets: new WebhookTargets(config.WEBHOOK_ALLOWED_ORIGINS) }),
    provenance,
  };
}

/**
 * Repairs what the last process left unfinished (before anything is served), then keeps purging expired
 * records, reconciling interrupted uploads and sending the mail outbox on a schedule.
 */
export async function startMaintenance({ repos, store, logger, mail, config }: Core): Promise<Housekeeping> {
  const notices = stagingNotices({ repos, mail, config, logger });
  await recoverAtStartUp({ repos, store, logger, notices });
  const housekeeping = startHousekeeping({ repos, store, logger });
  mail.start();
  return {
    stop: () => {
      housekeeping.stop();
      void mail.stop();
    },
  };
}

/** Calls `shutdown` once, on the first SIGTERM or SIGINT (a second signal while closing is ignored). */
export function onShutdownSignal(shutdown: (signal: string) => void): void {
  let closing = false;
  const once = (signal: string) => {
    if (closing) return;
    closing = true;
    shutdown(signal);
  };
  process.on('SIGTERM', () => once('SIGTERM'));
  process.on('SIGINT', () => once('SIGINT'));
}

/** Runs a process's main; if it fails, says why (a bad setting in its own words) and exits with 1. */
/** The disk refused a write at start-up (no space, or the quota reached). */
const diskFull = (err: unknown) =>
  err instanceof Error && ['ENOSPC', 'EDQUOT'].includes((err as NodeJS.ErrnoException).code ?? '');

export const diskFullAtStart = (name: string) =>
  `${name} will not start: the disk where DATA_DIR lives is full, so it cannot write its files. Free some space there and start again; none of the data was changed.`;

export function runMain(name: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    // A bad setting, damaged data or a full disk is explained in the product's own words, without a stack.
    if (
      err instanceof ConfigError ||
      err instanceof StoreDamagedError ||
      err instanceof AccountsMissingError ||
      err instanceof DataFileError
    )
      console.error(err.message);
    else if (diskFull(err)) console.error(diskFullAtStart(name));
    else console.error(`${name} failed to start:`, err);
    process.exit(1);
  });
}
