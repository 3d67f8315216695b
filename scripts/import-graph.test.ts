import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { cycles, importsOf, sourceFiles } from './import-graph';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): { files: string[]; runtime: string[][]; all: string[][] } {
  root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const found = sourceFiles(root, ['bff/src']);
  const edges = found.flatMap((file) => importsOf(root, file));
  return {
    files: found,
    runtime: cycles(
      found,
      edges.filter((edge) => !edge.typeOnly),
    ),
    all: cycles(found, edges),
  };
}

it('finds a runtime cycle through an index, and tells a type-only one apart', () => {
  const result = tree({
    'bff/src/a/index.ts': "export { a } from './a';",
    'bff/src/a/a.ts': "import { b } from '../b';\nexport const a = b;",
    'bff/src/b/index.ts': "import { a } from '../a';\nexport const b = 1;\nexport const c = a;",
    'bff/src/c/c.ts': "import type { T } from '../d/d';\nexport type U = T;",
    'bff/src/d/d.ts': "import type { U } from '../c/c';\nexport type T = U;",
    'bff/src/e.ts': "import { b } from './b';\nconst later = () => import('./a');\nexport { b, later };",
  });
  expect(result.runtime).toEqual([['bff/src/a/a.ts', 'bff/src/a/index.ts', 'bff/src/b/index.ts']]);
  expect(result.all).toContainEqual(['bff/src/c/c.ts', 'bff/src/d/d.ts']);
});

it('finds none in a tree without one', () => {
  const result = tree({
    'bff/src/a/index.ts': "export { a } from './a';",
    'bff/src/a/a.ts': 'export const a = 1;',
    'bff/src/b.ts': "import { a } from './a';\nexport const b = a;",
  });
  expect(result.files).toHaveLength(3);
  expect(result.all).toEqual([]);
});
