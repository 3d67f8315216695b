import { onShutdownSignal, openCore, runMain } from '../start-up';
import { startWorker } from './worker';

/** `npm run worker`: the staging worker alone, for deployments that share one MongoDB between processes. */
async function main(): Promise<void> {
  const { config, logger, store, repos, engine } = await openCore();
  const worker = startWorker({ repos, store, engine, logger, config });
  logger.info(`Stagely worker running (store: ${store.kind}, AI engine: ${engine.kind})`);

  onShutdownSignal((signal) => {
    logger.info(`${signal} received, stopping the worker`);
    setTimeout(() => process.exit(1), 15_000).unref();
    worker
      .stop()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

runMain('Stagely worker', main);
