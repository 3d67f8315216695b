import { onShutdownSignal, openCore, runMain, startMaintenance } from './start-up';
import { startWorker } from './jobs';

/** `npm run worker`: the staging worker alone, for deployments that share one MongoDB between processes. */
async function main(): Promise<void> {
  const core = await openCore();
  const { config, logger, store, repos, engine, mail } = core;
  const housekeeping = await startMaintenance(core);
  const worker = startWorker({
    repos,
    store,
    engine,
    logger,
    config,
    mail,
    push: core.push,
    webhooks: core.webhooks,
  });
  core.webhooks.start();
  logger.info(`Stagely worker running (store: ${store.kind}, AI engine: ${engine.kind})`);

  onShutdownSignal((signal) => {
    logger.info(`${signal} received, stopping the worker`);
    housekeeping.stop();
    core.webhooks.stop();
    setTimeout(() => process.exit(1), 15_000).unref();
    worker
      .stop()
      .then(() => core.push.settled())
      .then(() => core.webhooks.settled())
      .then(() => store.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

runMain('Stagely worker', main);
