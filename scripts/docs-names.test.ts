import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../shared/src/api/api-paths';
import { API_ROUTES } from '../shared/src/api/routes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
/** Folders of this repository whose files the docs name; other backticked paths (DATA_DIR/…, dist/…) are not files here. */
const REPO_ROOTS = ['bff/', 'pwa/', 'shared/src/', 'e2e/', 'bench/', 'scripts/', 'eslint/', 'docs/', '.ci/'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const read = (doc: string) => readFileSync(path.join(ROOT, doc), 'utf8');
/** `{id}` and `:id` name the same parameter. */
const normalise = (p: string) => p.replace(/:([a-zA-Z]+)/g, '{$1}').replace(/[.,;:)]+$/, '');

/** What the bench writes or installs when it runs (git-ignored), not files of the repository. */
const GENERATED = ['bench/results/', 'bench/node_modules'];

function namedFiles(text: string): string[] {
  const names = [...text.matchAll(/`([a-zA-Z0-9_./-]+)`/g)].map((m) => m[1] ?? '');
  return names.filter(
    (n) => REPO_ROOTS.some((root) => n.startsWith(root)) && !GENERATED.some((g) => n.startsWith(g)),
  );
}

function namedApiPaths(text: string): { method?: string; path: string }[] {
  const found: { method?: string; path: string }[] = [];
  for (const m of text.matchAll(
    /(?:\b(GET|POST|PUT|PATCH|DELETE)\s+`?)?(?<![\w./-])(\/api\/[a-zA-Z0-9_/{}:.-]+)/g,
  )) {
    const p = normalise(m[2] ?? '');
    // A path ending in a slash introduces a family of routes (`/api/auth/…`), not one route.
    if (!p.endsWith('/')) found.push({ method: m[1], path: p });
  }
  return found;
}

const knownPaths = new Set<string>(Object.values(API_PATHS));

/** The PWA's page routes, as its router declares them (`:token` written `{token}`, no trailing `/*`). */
function pageRoutes(): Set<string> {
  const router = readFileSync(path.join(ROOT, 'pwa/src/app/router.tsx'), 'utf8');
  const paths = [...router.matchAll(/path="([^"]+)"/g)].map((m) =>
    normalise((m[1] ?? '').replace(/\/\*$/, '')),
  );
  return new Set(paths.filter((p) => p !== '*'));
}

/** The page routes docs/product.md lists under 'Screens and routes'. */
function productPageRoutes(): string[] {
  const text = read('docs/product.md');
  const section = text.slice(
    text.indexOf('## Screens and routes'),
    text.indexOf('\n## ', text.indexOf('## Screens')),
  );
  return [...section.matchAll(/`(\/[a-zA-Z0-9_/{}:-]*)`/g)].map((m) => normalise(m[1] ?? ''));
}

describe('the docs name only what exists', () => {
  it.each(DOCS)('every repository file or folder %s names exists', (doc) => {
    const missing = namedFiles(read(doc)).filter((f) => !existsSync(path.join(ROOT, f)));
    expect(missing, `${doc} names files that are not in the repository`).toEqual([]);
  });

  it.each(DOCS)('every API path %s names is in api-paths.ts, with a route for its method', (doc) => {
    const wrong = namedApiPaths(read(doc)).filter(({ method, path: p }) => {
      if (!knownPaths.has(p)) return true;
      const routed = API_ROUTES.filter((r) => r.path === p);
      // Paths served outside the route table (health, events, OAuth) are checked by their name alone.
      return (
        method !== undefined && routed.length > 0 && !routed.some((r) => r.method === method.toLowerCase())
      );
    });
    expect(
      wrong.map((w) => `${w.method ?? ''} ${w.path}`.trim()),
      `${doc} names API paths that do not exist`,
    ).toEqual([]);
  });

  it("docs/product.md lists every page route of the PWA's router, and only those", () => {
    const listed = productPageRoutes().filter((p) => p !== '/original');
    const routed = pageRoutes();
    expect(
      listed.filter((p) => !routed.has(p)),
      'listed but not routed',
    ).toEqual([]);
    expect(
      [...routed].filter((p) => !listed.includes(p)),
      'routed but not listed',
    ).toEqual([]);
  });

  it('finds the names it checks (the patterns still match the docs)', () => {
    const all = DOCS.map(read).join('\n');
    expect(namedFiles(all).length).toBeGreaterThan(20);
    expect(
      namedApiPaths(all).filter((p) => p.method && METHODS.includes(p.method as never)).length,
    ).toBeGreaterThan(10);
  });
});
