import { loadConfig } from './config';
import { checkStore, repairStore } from './store/store-maintenance';

const USAGE = `Usage:
  npm run store:check                          report damage in the embedded data (changes nothing)
  npm run store:repair [-- --accept-empty a,b]  back up damaged files and keep every readable record`;

/** `npm run store:check` and `npm run store:repair` for the embedded store in DATA_DIR. */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig(process.env, '0');
  const flag = args.indexOf('--accept-empty');
  const acceptEmpty = flag >= 0 ? (args[flag + 1] ?? '').split(',').filter(Boolean) : [];
  const run =
    command === 'check'
      ? () => checkStore(config.dataDir)
      : command === 'repair'
        ? () => repairStore(config.dataDir, acceptEmpty)
        : null;
  if (!run) {
    console.error(USAGE);
    process.exit(2);
  }
  const report = await run();
  for (const line of report.lines) console.log(line);
  process.exit(report.ok ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
