import { TEST_HEALTH_TOKEN } from './health';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createEngine, createUpscaler } from '../ai';
import { createApp, type AppDeps } from '../app';
import { createLogger, loadConfig } from '../config';
import type { WorkerTuning } from '../jobs';
import { createJobSignal } from '../jobs/job-signal';
import { createConfiguredMailer, MAIL_TUNING, type MailerTuning } from '../mail';
import { createStripe } from '../modules/billing';
import { createLiveEvents, type LiveEventsTuning } from '../live-events';
import { createModelWatch } from '../modules/health';
import { createProvenanceMarker, loadSigningKeys } from '../images';
import { createPushNotifier, createPushSender, loadVapidKeys, PushEndpoints } from '../push';
import { diskSpaceFor, intakeGateFor, openConfiguredStore } from '../start-up';
import { createRepositories, type Store } from '../store';
import { createWebhooks, WebhookTargets } from '../webhooks';
import { deliveredMailbox, registerMailbox } from './mailboxes';

/** Fast polling and progress ticks, so a preview-engine job finishes within a test. */
export const TEST_WORKER_TUNING: Partial<WorkerTuning> = { pollMs: 50, progressTickMs: 100 };
/** Retries within a test: a refused mail is tried again after a fifth of a second. */
export const TEST_MAIL_TUNING: MailerTuning = {
  ...MAIL_TUNING,
  pollMs: 100,
  retryBaseMs: 200,
  retryMaxMs: 1000,
};

/** The tests' deps keep the whole store: they read what was written, collection by collection. */
export type TestDeps = AppDeps & { store: Store };

export interface TestApp {
  url: string;
  deps: TestDeps;
  server: Server;
  close: () => Promise<void>;
}

/**
 * The real app on an ephemeral 127.0.0.1 port with a temp DATA_DIR and a tiny fake PWA build.
 * `env` overrides configuration exactly as environment variables would.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  extra: Partial<TestDeps> = {},
  /**
   * `now`: the day the app believes it is, for its configuration and model check (models retire on dates);
   * `liveEvents`: the event streams' polling and checks, shorter for a test that waits on them.
   */
  options: { now?: Date; liveEvents?: Partial<LiveEventsTuning> } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stagely-test-'));
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Stagely test</title><div id="root"></div>',
  );
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  // Listening comes first, so the port is known to the configuration: links point at this server.
  const server = createServer();
  server.listen(env.PORT ? Number(env.PORT) : 0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'data'),
      PWA_DIST_DIR: dist,
      // Every test signs up from 127.0.0.1; tests of these limits set them back explicitly.
      REGISTRATIONS_PER_IP: '10000',
      LOGIN_ATTEMPTS_PER_IP: '10000',
      // One provider call per staging, as most tests count them; the draft tests turn it back on.
      STAGING_DRAFT: 'false',
      PUBLIC_URL: url,
      HEALTH_TOKEN: TEST_HEALTH_TOKEN,
      ...env,
      PORT: String(port),
    },
    undefined,
    options.now,
  );
  const logger = extra.logger ?? createLogger(config);
  const store = await openConfiguredStore(config);
  const repos = createRepositories(store);
  const vapid = extra.vapid ?? (await loadVapidKeys(config));
  const provenance = extra.provenance ?? (await createProvenanceMarker(await loadSigningKeys(config)));
  const deps: TestDeps = {
    config,
    logger,
    store,
    repos,
    sessionKeys: ['test-key-1'],
    stripe: createStripe(config),
    engine: createEngine(config),
    upscaler: createUpscaler(config),
    jobSignal: createJobSignal(),
    liveEvents: createLiveEvents({ repos, logger }, options.liveEvents),
    vapid,
    provenance,
    push: createPushNotifier({
      repos,
      logger,
      sender: createPushSender(vapid, new PushEndpoints(config.PUSH_SERVICE_ORIGINS)),
    }),
    webhooks: createWebhooks({ repos, logger, targets: new WebhookTargets(config.WEBHOOK_ALLOWED_ORIGINS) }),
    ...extra,
    diskSpace: extra.diskSpace ?? diskSpaceFor(config, store),
    intakeGate: extra.intakeGate ?? intakeGateFor(config),
    mail: extra.mail ?? createConfiguredMailer({ config, logger, repos }, TEST_MAIL_TUNING),
  };
  const fixed = options.now;
  deps.modelWatch = extra.modelWatch ?? createModelWatch({ ...deps, ...(fixed ? { now: () => fixed } : {}) });
  deps.mail.start();
  registerMailbox(url, deliveredMailbox({ dataDir: config.dataDir, smtpUrl: config.SMTP_URL }));
  const handle = createApp(deps).callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    url,
    deps,
    server,
    close: async () => {
      deps.liveEvents.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.mail.stop();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `use` against an app of its own (for a test that needs its own configuration), then closes it. */
export async function withTestApp<T>(
  env: Record<string, string>,
  use: (t: TestApp) => Promise<T>,
): Promise<T> {
  const t = await startTestApp(env);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}
