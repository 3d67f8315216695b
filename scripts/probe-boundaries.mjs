// Writes made-up boundary violations into product files of a temporary copy of this working tree and runs what
// `npm run check` runs on them (type-aware ESLint on those files, and the type-check): every probe
// must be refused. `node scripts/probe-boundaries.mjs [--no-typecheck]`; exits 1 when one passes.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Each probe: the product file it is written into and the lines appended to it. */
export const PROBES = [
  [
    'the toast store through import()',
    'pwa/src/features/settings/settings-page.tsx',
    "export const probeToast = () => import('../../components/toast/toast-store');",
  ],
  [
    "a service writing the store's collections",
    'bff/src/modules/users/users.service.ts',
    "import type { AppDeps as ProbeDeps } from '../../app-deps';\n" +
      'export const probeCollections = (deps: ProbeDeps) =>\n' +
      "  deps.store.collections.users.updateOne({ _id: 'x' }, { $set: { email: 'y' } });",
  ],
  [
    'process.env read in a service',
    'bff/src/modules/shares/shares.service.ts',
    'export const probeEnv = () => process.env.OPENAI_API_KEY;',
  ],
  [
    'a hand-typed API path',
    'pwa/src/features/settings/api/account.ts',
    "export const probeFetch = () => fetch('/api/user/preferences');",
  ],
  [
    'offline/ importing a feature',
    'pwa/src/offline/outbox/outbox.ts',
    "export * as probeFeature from '../../features/workspace';",
  ],
  [
    "an inner store file named through import('...').Type",
    'bff/src/modules/shares/share.mapper.ts',
    "export type ProbeDoc = import('../../store/model/documents').ProjectDoc;",
  ],
  ['shared/ importing React', 'shared/src/domain/format.ts', "export * as probeReact from 'react';"],
  [
    'store/ importing a module',
    'bff/src/store/repositories/users.repository.ts',
    "export * as probeModule from '../../modules/users';",
  ],
  ['config/ importing ../app', 'bff/src/config/config.ts', "export * as probeApp from '../app';"],
  // Three more, of other kinds.
  [
    'the service worker naming app/ by import type',
    'pwa/src/sw/push.ts',
    "import type * as ProbeRouter from '../app/router';\nexport type ProbeRoutes = typeof ProbeRouter;",
  ],
  [
    'process.env taken apart in a job',
    'bff/src/jobs/purge.ts',
    'const { env: probeEnv } = process;\nexport const probeUri = probeEnv.MONGODB_URI;',
  ],
  ['a file in a folder no group names', 'bff/src/utils/probe.ts', "export { loadConfig } from '../config';"],
  [
    'lib/ importing offline/ (the pair made one-way)',
    'pwa/src/lib/api-client.ts',
    "export { readLocalSettings as probeSettings } from '../offline/settings';",
  ],
  [
    'an API URL built in a template',
    'pwa/src/lib/share-or-copy.ts',
    'export const probeUrl = (id: string) => `/api/projects/${id}/share`;',
  ],
];

function copyTree() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'probe-boundaries-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(path.join(ROOT, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const run = (dir, command, args) =>
  spawnSync(command, args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

function main() {
  const typecheck = !process.argv.includes('--no-typecheck');
  const dir = copyTree();
  const firstLine = new Map();
  try {
    for (const [, file, code] of PROBES) {
      const target = path.join(dir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      const before = existsSync(target) ? readFileSync(target, 'utf8') : '';
      firstLine.set(file, before === '' ? 1 : before.split('\n').length + (before.endsWith('\n') ? 0 : 1));
      if (before === '') writeFileSync(target, `${code}\n`);
      else appendFileSync(target, `${before.endsWith('\n') ? '' : '\n'}${code}\n`);
    }
    const found = new Map(PROBES.map(([, file]) => [file, []]));
    const lint = run(dir, 'npx', ['eslint', '--format', 'json', ...PROBES.map(([, file]) => file)]);
    for (const result of JSON.parse(lint.stdout || '[]')) {
      const file = path.relative(dir, result.filePath);
      for (const m of result.messages)
        if (m.line >= firstLine.get(file)) found.get(file)?.push(`eslint: ${m.message}`);
    }
    if (typecheck) {
      const tsc = run(dir, 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false']);
      for (const line of tsc.stdout.split('\n')) {
        const m = /^(.+?)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
        if (m && found.has(m[1]) && Number(m[2]) >= firstLine.get(m[1])) found.get(m[1]).push(`tsc: ${m[3]}`);
      }
    }
    let passed = 0;
    for (const [name, file] of PROBES) {
      const messages = found.get(file);
      if (messages.length === 0) passed += 1;
      console.log(`${messages.length > 0 ? 'refused ' : 'PASSED  '} ${name} (${file})`);
      for (const message of new Set(messages)) console.log(`           ${message}`);
    }
    console.log(`${PROBES.length - passed} of ${PROBES.length} probes refused.`);
    process.exitCode = passed === 0 ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
