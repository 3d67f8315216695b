import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIST_DIR = path.join(ROOT, 'dist', 'pwa');
/** What the PWA build reads: when any of it is newer than the build, the build is stale. */
const INPUTS = ['pwa', 'shared/src', 'vite.config.ts', 'manifest.webmanifest', 'package-lock.json'];

function newestMtime(file: string): number {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(file)
    .filter((name) => name !== 'node_modules' && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(file, name))), stat.mtimeMs);
}

function isStale(): boolean {
  const built = path.join(DIST_DIR, 'sw.js');
  const pages = ['index.html', 'landing.html'].map((page) => path.join(DIST_DIR, page));
  if (!existsSync(built) || !pages.every((page) => existsSync(page))) return true;
  const builtAt = statSync(built).mtimeMs;
  return INPUTS.some((input) => {
    const p = path.join(ROOT, input);
    return existsSync(p) && newestMtime(p) > builtAt;
  });
}

let checked: Promise<void> | undefined;

/** Builds the PWA (`npm run build`) when dist/pwa is missing or older than its sources; once per run. */
export function ensureBuild(): Promise<void> {
  checked ??= (async () => {
    if (!isStale()) return;
    process.stderr.write('dist/pwa is missing or stale: npm run build\n');
    const child = spawn('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
  })();
  return checked;
}
