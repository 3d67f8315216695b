import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createEngine } from './ai';
import { createApp } from './app';
import { ConfigError, createLogger, loadConfig } from './config';
import { createJobSignal, startWorker, type Worker } from './jobs';
import { loadSessionKeys } from './modules/auth/session-keys';
import { createStripe } from './modules/billing/stripe-client';
import { createRepositories, openStore } from './store';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

async function main(): Promise<void> {
  const config = loadConfig(process.env, pkg.version);
  const logger = createLogger(config);
  const store = await openStore({
    dataDir: config.dataDir,
    mongodbUri: config.MONGODB_URI,
    mongodbDb: config.MONGODB_DB,
  });
  const repos = createRepositories(store);
  const sessionKeys = await loadSessionKeys(config.SESSION_KEYS, config.dataDir);
  const stripe = createStripe(config);
  const engine = createEngine(config);
  const jobSignal = createJobSignal();
  const app = createApp({ config, logger, store, repos, sessionKeys, stripe, engine, jobSignal });
  // The staging worker runs here unless it runs as its own process (`npm run worker`).
  const worker: Worker | null = config.WORKER_ENABLED
    ? startWorker({ repos, store, engine, logger, config, jobSignal })
    : null;

  const server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  logger.info(`Stagely listening on ${url} (store: ${store.kind}, AI engine: ${config.engineKind})`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, shutting down`);
    // A job in flight goes straight back to the queue rather than waiting for its lease to expire.
    const workerStopped = worker ? worker.stop() : Promise.resolve();
    server.close(() => {
      workerStopped
        .then(() => store.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
    // Keep-alive connections would hold close() open; do not wait for them forever.
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Stagely failed to start:', err);
  }
  process.exit(1);
});
