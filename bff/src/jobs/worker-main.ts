import { readFileSync } from 'node:fs';
import { createEngine } from '../ai';
import { ConfigError, createLogger, loadConfig } from '../config';
import { createRepositories, openStore } from '../store';
import { startWorker } from './worker';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** `npm run worker`: the staging worker alone, for deployments that share one MongoDB between processes. */
async function main(): Promise<void> {
  const config = loadConfig(process.env, pkg.version);
  const logger = createLogger(config);
  const store = await openStore({
    dataDir: config.dataDir,
    mongodbUri: config.MONGODB_URI,
    mongodbDb: config.MONGODB_DB,
  });
  const repos = createRepositories(store);
  const engine = createEngine(config);
  const worker = startWorker({ repos, store, engine, logger, config });
  logger.info(`Stagely worker running (store: ${store.kind}, AI engine: ${engine.kind})`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, stopping the worker`);
    setTimeout(() => process.exit(1), 15_000).unref();
    worker
      .stop()
      .then(() => store.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Stagely worker failed to start:', err);
  process.exit(1);
});
