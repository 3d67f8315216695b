import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { apiBench } from './api.bench';
import { blobsBench } from './blobs.bench';
import { eventsBench } from './events.bench';
import { initialJsBench } from './initial-js.bench';
import { intakeBench } from './intake.bench';
import { lighthouseBench } from './lighthouse.bench';
import { listBench } from './list.bench';
import { memoryBench } from './memory.bench';
import { offlineReloadBench } from './offline-reload.bench';
import { provenanceBench } from './provenance.bench';
import { queueBench } from './queue.bench';
import { stagingBench } from './staging.bench';
import { storeBench } from './store.bench';
import { structureBench } from './structure.bench';
import { structureLockBench } from './structure-lock.bench';
import { disposeAll } from './support/resources';
import { uploadBytesBench } from './upload-bytes.bench';
import { zipBench } from './zip.bench';
import { formatMarkdown, formatTable } from './table';
import type { Bench, BenchRow } from './types';

/** Every benchmark of `npm run bench`; benchmarks measure and report, they are not timed tests. */
const BENCHES: Bench[] = [
  initialJsBench,
  lighthouseBench,
  intakeBench,
  uploadBytesBench,
  apiBench,
  listBench,
  stagingBench,
  structureBench,
  structureLockBench,
  eventsBench,
  queueBench,
  memoryBench,
  storeBench,
  offlineReloadBench,
  zipBench,
  blobsBench,
  provenanceBench,
];
/** Each bench is cut off after this, so the whole run stays bounded on a slow or busy machine. */
const BENCH_TIMEOUT_MS = 150_000;
/** Seeding 100,000 projects takes a while; memory settles 60 s after each of its two set-ups; structure checks some 300 images; staging waits on slow stand-ins. */
const LONG_BENCHES: Record<string, number> = {
  store: 600_000,
  memory: 420_000,
  structure: 600_000,
  'structure-lock': 600_000,
  // Marks and reads back some 50 real photos, each in four forms.
  provenance: 600_000,
  // Its first-look rows wait on stand-ins with the providers' own latencies (a 40 s final among them).
  staging: 300_000,
};

async function runBench(bench: Bench, args: string[]): Promise<BenchRow[]> {
  let timer: NodeJS.Timeout | undefined;
  const limitMs = LONG_BENCHES[bench.name] ?? BENCH_TIMEOUT_MS;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${limitMs / 1000} s`)), limitMs);
  });
  try {
    const rows = await Promise.race([bench.run(args), timeout]);
    const command = `npm run bench -- --only ${bench.name}`;
    return rows.map((row) => ({ ...row, command: row.command ?? command }));
  } catch (err) {
    return [{ figure: 'bench failed', value: err instanceof Error ? err.message : String(err), ok: false }];
  } finally {
    clearTimeout(timer);
    // Whatever the bench left open (also after a timeout) is stopped before the next one starts.
    await disposeAll();
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyArg = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const only = onlyArg?.split(',');
  const unknown = only?.filter((name) => !BENCHES.some((b) => b.name === name)) ?? [];
  if (unknown.length > 0) {
    console.error(`unknown bench ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  const sections: { name: string; rows: BenchRow[] }[] = [];
  for (const bench of BENCHES) {
    if (only && !only.includes(bench.name)) continue;
    process.stderr.write(`running ${bench.name}...\n`);
    sections.push({ name: bench.name, rows: await runBench(bench, args) });
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
  // docs/performance.md's table is pasted from this.
  await writeFile(`${dir}latest.md`, `${formatMarkdown(sections)}\n`);
  process.stderr.write(`results written to ${file}\n`);
  // A missed target is reported, not fatal (figures depend on the machine); a bench that broke is.
  const broken = sections.some((s) => s.rows.some((r) => r.figure === 'bench failed'));
  process.exitCode = broken ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`${signal}: stopping servers and browsers\n`);
    // What was in flight fails as its browser or server goes away: expected now, not worth a trace.
    process.on('unhandledRejection', () => undefined);
    void disposeAll().finally(() => process.exit(130));
  });
}

main().catch(async (err: unknown) => {
  console.error(err);
  await disposeAll();
  process.exit(1);
});
