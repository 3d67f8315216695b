// `npm run build:bff`: the BFF's entry points bundled into JavaScript under dist/bff, so production does not
// transpile TypeScript at start-up. npm packages stay external (sharp is native); `@shared/*` is bundled in.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

// Another folder may be given, two levels below the repository like dist/bff (the build's test uses one), and
// more entry points after it (tests compile their own servers, e.g. bff/src/testing/crash-server.ts).
const OUT_DIR = process.argv[2] ?? 'dist/bff';
const MORE = process.argv.slice(3).map((entry) => ({ in: entry, out: path.basename(entry, '.ts') }));

await rm(OUT_DIR, { recursive: true, force: true });
await build({
  // Flat output: start-up.ts finds package.json at ../../ from dist/bff as it does from bff/src.
  entryPoints: [
    { in: 'bff/src/main.ts', out: 'main' },
    { in: 'bff/src/worker-main.ts', out: 'worker-main' },
    { in: 'bff/src/store-main.ts', out: 'store-main' },
    ...MORE,
  ],
  outdir: OUT_DIR,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  // Class and function names stay as written, for error names and stack traces in the logs.
  keepNames: true,
  sourcemap: true,
  logLevel: 'warning',
});
