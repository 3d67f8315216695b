import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { intakeBench } from './intake.bench';
import { uploadBytesBench } from './upload-bytes.bench';
import { formatTable } from './table';
import type { Bench, BenchRow } from './types';

/** Every benchmark of `npm run bench`; benchmarks measure and report, they are not timed tests. */
const BENCHES: Bench[] = [intakeBench, uploadBytesBench];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const sections: { name: string; rows: BenchRow[] }[] = [];
  for (const bench of BENCHES) {
    if (only && bench.name !== only) continue;
    process.stderr.write(`running ${bench.name}...\n`);
    sections.push({ name: bench.name, rows: await bench.run(args) });
  }
  console.log(formatTable(sections));

  const at = new Date().toISOString();
  const results = {
    at,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? 'unknown',
      load: os.loadavg(),
      node: process.version,
    },
    sections,
  };
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = `${dir}bench-${at.replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(`${dir}latest.json`, `${JSON.stringify(results, null, 2)}\n`);
  process.stderr.write(`results written to ${file}\n`);
  // A missed target is reported, not fatal: figures depend on the machine.
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
