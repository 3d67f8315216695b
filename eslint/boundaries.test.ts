import { Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { KNOWN_FEATURE_EDGES, LIBRARIES } from './tables.js';
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
      'boundaries/layers': ['error', { knownFeatureEdges: KNOWN_FEATURE_EDGES }],
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
  it("refuses one BFF part reaching into another's files", () => {
    expect(
      problems('bff/src/modules/projects/probe.ts', "import { x } from '../billing/billing.service';"),
    ).toEqual(['Use bff/src/modules/billing through its index.ts, not its inner files.']);
    expect(problems('bff/src/jobs/probe.ts', "import { x } from '../store/nedb-store';")).toEqual([
      'Use bff/src/store through its index.ts, not its inner files.',
    ]);
    expect(problems('bff/src/modules/projects/probe.ts', "import { x } from '../billing';")).toEqual([]);
    expect(problems('bff/src/modules/projects/probe.ts', "import { x } from './projects.service';")).toEqual(
      [],
    );
    expect(
      problems('bff/src/modules/projects/probe.ts', "import { x } from '../../testing/test-app';"),
    ).toEqual(["Product code never imports bff/src/testing: it is the tests' loopback world."]);
    expect(problems('bff/src/jobs/probe.ts', "import { x } from '../modules/projects';")).toEqual([
      'jobs/ never imports modules/: what both need lives in store/, images/ or ai/.',
    ]);
    expect(problems('bff/src/config/probe.ts', "import { x } from '../ai';")).toEqual([
      'config/ never imports ai/: the model tables it validates against live in ai-models/.',
    ]);
    expect(problems('bff/src/config/probe.ts', "import { x } from '../ai-models';")).toEqual([]);
  });

  it('refuses a feature importing another, and components importing a feature', () => {
    expect(problems('pwa/src/features/settings/probe.ts', "import { x } from '../workspace';")).toEqual([
      'A feature never imports another feature: move what both need down (components/, lib/) and compose them in app/.',
    ]);
    expect(problems('pwa/src/components/probe.tsx', "import { x } from '../features/projects';")).toEqual([
      'components/ and lib/ never import features/ or app/: they are the pieces features are made of.',
    ]);
    expect(
      problems('pwa/src/app/probe.tsx', "import { x } from '../features/projects/api/get-project';"),
    ).toEqual(['Import a feature through its index.ts (features/<name>), not its inner files.']);
    expect(problems('pwa/src/app/probe.tsx', "import { x } from '../features/projects';")).toEqual([]);
    expect(problems('shared/src/domain/probe.ts', "import { x } from '../../../bff/src/store';")).toEqual([
      'pwa and shared never import bff: share code through shared/.',
    ]);
  });
});
