import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { localLinksNote } from './config';
import { createJobSignal, startWorker, type Worker } from './jobs';
import { keepConnectionsAlive } from './http/keep-alive';
import { loadSessionKeys } from './http/session';
import { checkBillingPortal, createStripe } from './modules/billing';
import { createLiveEvents } from './live-events';
import { createModelWatch } from './modules/health';
import { onShutdownSignal, openCore, runMain, startMaintenance } from './start-up';

async function main(): Promise<void> {
  const core = await openCore();
  const { config, logger, store, engine } = core;
  const housekeeping = await startMaintenance(core);
  const sessionKeys = await loadSessionKeys(config.SESSION_KEYS, config.dataDir);
  const stripe = createStripe(config);
  const jobSignal = createJobSignal();
  const liveEvents = createLiveEvents(core);
  const modelWatch = createModelWatch(core);
  const app = createApp({ ...core, sessionKeys, stripe, jobSignal, liveEvents, modelWatch });
  // The staging worker runs here unless it runs as its own process (`npm run worker`).
  const worker: Worker | null = config.WORKER_ENABLED
    ? startWorker({ ...core, jobSignal, liveEvents, push: core.push, webhooks: core.webhooks })
    : null;

  const server = app.listen(config.PORT, config.HOST);
  keepConnectionsAlive(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  if (config.linksLocalOnly) logger.warn(localLinksNote(config.appOrigin));
  logger.info(
    `Stagely listening on ${url} (store: ${store.kind}, images: ${config.blobKind}, AI engine: ${engine.kind}${engine.model ? ` ${engine.model}` : ''})`,
  );

  // Asked after listening: a slow model list (or Stripe) never delays start-up.
  modelWatch.start();
  core.webhooks.start();
  if (stripe) void checkBillingPortal(stripe, logger);

  onShutdownSignal((signal) => {
    logger.info(`${signal} received, shutting down`);
    housekeeping.stop();
    core.webhooks.stop();
    modelWatch.stop();
    // A job in flight goes straight back to the queue rather than waiting for its lease to expire.
    const workerStopped = worker ? worker.stop() : Promise.resolve();
    // Open event streams would hold close() open; their pages reconnect to the next server.
    liveEvents.closeAll();
    server.close(() => {
      workerStopped
        .then(() => core.push.settled())
        .then(() => core.webhooks.settled())
        .then(() => store.close())
        .then(
          () => process.exit(0),
          () => process.exit(1),
        );
    });
    // Keep-alive connections would hold close() open; do not wait for them forever.
    setTimeout(() => process.exit(0), 5000).unref();
  });
}

runMain('Stagely', main);
