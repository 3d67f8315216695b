import { loadConfig } from './config';
import { reportCosts } from './cost-report';
import { provenanceReport } from './images';
import { checkStore, migrateConfiguredBlobs, repairStore } from './store';

const USAGE = `Usage:
  npm run store:check                          report damage in the embedded data (changes nothing)
  npm run store:repair [-- --accept-empty a,b]  back up damaged files and keep every readable record
  node dist/bff/store-main.js migrate-blobs    copy the images (DATA_DIR/blobs or GridFS) to S3_BUCKET
  npm run report:costs [-- --days 30]           estimated AI costs per day, plan, mode and model
  npm run provenance:check FILE                 a photo's C2PA manifest and watermark (its original's code)`;

/** `npm run store:check` and `npm run store:repair` for the embedded store in DATA_DIR; `migrate-blobs` to S3. */
async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig(process.env, '0');
  const flag = args.indexOf('--accept-empty');
  const acceptEmpty = flag >= 0 ? (args[flag + 1] ?? '').split(',').filter(Boolean) : [];
  const { S3_BUCKET: bucket } = config;
  const daysFlag = args.indexOf('--days');
  const days = daysFlag >= 0 ? Number(args[daysFlag + 1]) : 30;
  const run =
    command === 'migrate-blobs' && bucket
      ? () =>
          migrateConfiguredBlobs(
            { dataDir: config.dataDir, mongodbUri: config.MONGODB_URI, mongodbDb: config.MONGODB_DB },
            {
              bucket,
              region: config.S3_REGION,
              endpoint: config.S3_ENDPOINT,
              forcePathStyle: config.S3_FORCE_PATH_STYLE,
            },
            (line) => console.log(line),
          )
      : command === 'provenance' && args[0]
        ? () => provenanceReport(args[0]!, { certPem: config.C2PA_CERT, origin: config.appOrigin })
        : command === 'costs' && Number.isFinite(days) && days > 0
          ? () => reportCosts(config, days)
          : command === 'check'
            ? () => checkStore(config.dataDir)
            : command === 'repair'
              ? () => repairStore(config.dataDir, acceptEmpty)
              : null;
  if (!run) {
    if (command === 'migrate-blobs')
      console.error('migrate-blobs copies to S3_BUCKET: set it (and S3_*) first.');
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
