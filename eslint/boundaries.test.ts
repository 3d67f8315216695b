import { Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { GROUPS, KNOWN_FEATURE_EDGES, LAYERS, LIBRARIES, ONE_HOME } from './tables.js';
import { boundaries } from './boundaries.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { boundaries },
    rules: {
      'boundaries/library-home': ['error', LIBRARIES],
      'boundaries/layers': [
        'error',
        { groups: GROUPS, layers: LAYERS, knownFeatureEdges: KNOWN_FEATURE_EDGES },
      ],
      'boundaries/one-home': ['error', ONE_HOME],
    },
  },
] as Linter.Config[];

/** The messages `npm run check` gives for `code` written into the repository file `file`. */
function problems(file: string, code: string): string[] {
  return linter.verify(code, config, { filename: `${root}${file}` }).map((message) => message.message);
}

describe('library homes', () => {
  it('refuses a library loaded outside its home, however it is loaded', () => {
    const service = 'bff/src/modules/projects/probe.service.ts';
    expect(problems(service, "export const load = async () => await import('openai');")).toEqual([
      'openai is loaded only in bff/src/ai.',
    ]);
    expect(problems(service, "const db = require('mongodb');")).toEqual([
      'mongodb is loaded only in bff/src/store.',
    ]);
    const viaCreateRequire = [
      "import { createRequire } from 'node:module';",
      'const load = createRequire(import.meta.url);',
      "const db = load('@seald-io/nedb');",
      "const s3 = createRequire(import.meta.url)('@aws-sdk/client-s3');",
    ].join('\n');
    expect(problems(service, viaCreateRequire)).toEqual([
      '@seald-io/nedb is loaded only in bff/src/store/nedb, bff/src/store/contract.',
      '@aws-sdk/ is loaded only in bff/src/store/blobs, bff/src/store/contract.',
    ]);
    expect(problems(service, "import 'grant';")).toEqual(['grant is loaded only in bff/src/modules/auth.']);
    expect(problems('pwa/src/features/settings/probe.ts', "import 'workbox-routing';")).toEqual([
      'workbox-* is loaded only in pwa/src/sw.',
    ]);
    expect(problems(service, 'export const load = (name: string) => import(name);')).toEqual([
      'Load modules by a literal name, so the boundaries can be checked.',
    ]);
  });

  it('lets a library be loaded in its home, and sharp in tests', () => {
    expect(problems('bff/src/modules/auth/probe.ts', "import grant from 'grant';")).toEqual([]);
    expect(problems('bff/src/store/probe.ts', "const db = require('mongodb');")).toEqual([]);
    expect(problems('bff/src/store/nedb/probe.ts', "import Datastore from '@seald-io/nedb';")).toEqual([]);
    // Each store backend keeps its own client: the MongoDB folder does not load NeDB.
    expect(problems('bff/src/store/mongo/probe.ts', "import Datastore from '@seald-io/nedb';")).toHaveLength(
      1,
    );
    expect(problems('bff/src/modules/projects/probe.test.ts', "import sharp from 'sharp';")).toEqual([]);
    expect(problems('bff/src/modules/projects/probe.ts', "import sharp from 'sharp';")).toHaveLength(1);
  });
});

describe('layers', () => {
  it("refuses one part reaching into another's files, by any kind of load", () => {
    const inner = 'Use bff/src/modules/billing through its index.ts, not its inner files.';
    const service = 'bff/src/modules/projects/probe.ts';
    expect(problems(service, "import { x } from '../billing/billing.service';")).toEqual([inner]);
    expect(problems(service, "export type X = import('../billing/billing.service').X;")).toEqual([inner]);
    expect(problems('bff/src/jobs/probe.ts', "import { x } from '../store/nedb-store';")).toEqual([
      'Use bff/src/store through its index.ts, not its inner files.',
    ]);
    expect(problems(service, "import { x } from '../billing';")).toEqual([]);
    expect(problems(service, "import { x } from './projects.service';")).toEqual([]);
    expect(problems(service, "import { x } from '../../testing/test-app';")).toEqual([
      "Product code never imports bff/src/testing: it is the tests' loopback world.",
    ]);
    // The toast store stays inside components/toast, also for import().
    expect(
      problems(
        'pwa/src/features/settings/probe.ts',
        "const m = import('../../components/toast/toast-store');",
      ),
    ).toEqual(['Use pwa/src/components/toast through its index.ts, not its inner files.']);
  });

  it('refuses every edge the table does not list, import type and import() included', () => {
    expect(problems('bff/src/jobs/probe.ts', "import { x } from '../modules/projects';")).toEqual([
      expect.stringMatching(/^bff\/jobs never loads bff\/modules: it may load bff\/contracts, /),
    ]);
    expect(problems('bff/src/config/probe.ts', "import type { X } from '../app';")).toEqual([
      'bff/config never loads bff/app: it may load bff/ai-models, shared/api, shared/domain (eslint/tables.js).',
    ]);
    expect(problems('bff/src/config/probe.ts', "import { x } from '../ai';")).toHaveLength(1);
    expect(problems('bff/src/config/probe.ts', "import { x } from '../ai-models';")).toEqual([]);
    expect(problems('bff/src/store/probe.ts', "export * from '../modules/users';")).toHaveLength(1);
    for (const lower of ['store', 'images', 'ai', 'mail', 'push', 'config'])
      for (const upper of ['modules/users', 'jobs', 'app'])
        expect(problems(`bff/src/${lower}/probe.ts`, `const m = import('../${upper}');`)).toHaveLength(1);
    for (const lower of ['offline', 'sw'])
      for (const upper of ['features/workspace', 'api/projects', 'app/router'])
        expect(problems(`pwa/src/${lower}/probe.ts`, `import type { X } from '../${upper}';`)).toHaveLength(
          1,
        );
    // The three pairs that imported each other go one way.
    expect(problems('pwa/src/lib/probe.ts', "import { x } from '../offline/settings';")).toHaveLength(1);
    expect(problems('pwa/src/offline/probe.ts', "import { x } from '../sw/sw';")).toHaveLength(1);
    expect(problems('bff/src/jobs/probe.ts', "import { x } from '../start-up';")).toHaveLength(1);
    expect(problems('pwa/src/offline/probe.ts', "import { x } from '../lib/api-client';")).toEqual([]);
  });

  it('refuses a file in a folder no group names, and shared/ loading any package but zod', () => {
    expect(problems('bff/src/utils/probe.ts', 'export const x = 1;')).toEqual([
      'bff/src/utils/probe.ts is in no group of eslint/tables.js: place its folder in GROUPS and LAYERS first.',
    ]);
    expect(problems('shared/src/domain/probe.ts', "import { useState } from 'react';")).toEqual([
      'shared/domain loads no package but zod.',
    ]);
    expect(problems('shared/src/api/probe.ts', "import { z } from 'zod';")).toEqual([]);
  });

  it('refuses a feature importing another, and components importing a feature', () => {
    expect(problems('pwa/src/features/settings/probe.ts', "import { x } from '../workspace';")).toEqual([
      'A feature never imports another feature: move what both need down (components/, lib/) and compose them in app/.',
    ]);
    expect(KNOWN_FEATURE_EDGES).toEqual([]);
    expect(
      problems('pwa/src/features/workspace/probe.ts', "import { x } from '../properties';"),
    ).toHaveLength(1);
    expect(problems('pwa/src/components/probe.tsx', "import { x } from '../features/workspace';")).toEqual([
      expect.stringMatching(/^pwa\/components never loads pwa\/features/),
    ]);
    expect(
      problems(
        'pwa/src/app/probe.tsx',
        "import { x } from '../features/workspace/hooks/use-single-staging';",
      ),
    ).toEqual(['Import a feature through its index.ts (features/<name>), not its inner files.']);
    expect(problems('pwa/src/app/probe.tsx', "import { x } from '../features/workspace';")).toEqual([]);
    expect(problems('shared/src/domain/probe.ts', "import { x } from '../../../bff/src/store';")).toEqual([
      'pwa and shared never import bff: share code through shared/.',
    ]);
  });

  it('lets features, app/ and components/ load the shared data layer, which loads no UI', () => {
    expect(problems('pwa/src/features/demo/probe.ts', "import { x } from '../../api/projects';")).toEqual([]);
    expect(problems('pwa/src/app/probe.tsx', "import { x } from '../api/projects';")).toEqual([]);
    expect(problems('pwa/src/components/probe.tsx', "import { x } from '../api/projects';")).toEqual([]);
    expect(
      problems('pwa/src/features/demo/probe.ts', "import { x } from '../../api/projects/get-project';"),
    ).toEqual(['Use pwa/src/api/projects through its index.ts, not its inner files.']);
    for (const upper of ['components/toast', 'features/workspace', 'app/router'])
      expect(problems('pwa/src/api/projects/probe.ts', `import { x } from '../../${upper}';`)).toHaveLength(
        1,
      );
  });
});

describe('one home', () => {
  const env = ONE_HOME.env.message;
  const api = ONE_HOME.apiPaths.message;
  it('reads process.env only in config/ and the entry points', () => {
    const service = 'bff/src/modules/projects/probe.service.ts';
    expect(problems(service, 'const key = process.env.OPENAI_API_KEY;')).toEqual([env]);
    expect(problems(service, "const key = process['env'].X;")).toEqual([env]);
    expect(problems(service, 'const { env } = process;')).toEqual([env]);
    expect(problems(service, "import { env } from 'node:process';")).toEqual([env]);
    expect(problems('bff/src/config/probe.ts', 'const key = process.env.X;')).toEqual([]);
    expect(problems('bff/src/main.ts', 'const key = process.env.X;')).toEqual([]);
    expect(problems('bff/src/modules/projects/probe.test.ts', 'const key = process.env.X;')).toEqual([]);
  });

  it('writes an API path only in api-paths.ts', () => {
    const file = 'pwa/src/features/settings/probe.ts';
    expect(problems(file, "void fetch('/api/user/preferences');")).toEqual([api]);
    expect(problems(file, 'const url = (id: string) => `/api/projects/${id}`;')).toEqual([api]);
    expect(problems(file, 'const url = (o: string) => `${o}/api/projects`;')).toEqual([api]);
    expect(problems('bff/src/http/probe.ts', 'const api = /^\\/api\\/x/;')).toEqual([api]);
    expect(problems(file, "import { x } from './api/get-thing';")).toEqual([]);
    expect(problems(file, "const text = 'poll GET /api/projects/{id}/status';")).toEqual([]);
    expect(problems('shared/src/api/api-paths.ts', "const path = '/api/projects';")).toEqual([]);
  });

  it("reaches the store's collections only inside store/", () => {
    const message = ONE_HOME.collections.message;
    const service = 'bff/src/modules/users/probe.service.ts';
    expect(problems(service, 'void deps.store.collections.users.updateOne({}, {});')).toEqual([message]);
    expect(problems(service, 'const { collections } = deps.store;')).toEqual([message]);
    expect(problems('bff/src/store/repositories/probe.ts', 'const c = store.collections;')).toEqual([]);
  });
});
