import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX_PATTERN, apiPath, apiPathPattern } from './api-paths';
import { API_ROUTES } from './routes';

describe('apiPath', () => {
  it('fills in and encodes each segment', () => {
    expect(apiPath('projects')).toBe('/api/projects');
    expect(apiPath('projectStatus', { id: 'p 1/x' })).toBe('/api/projects/p%201%2Fx/status');
    expect(apiPath('propertyRoom', { id: 'a', roomId: 'b' })).toBe('/api/properties/a/rooms/b');
  });

  it('builds a pattern that matches only the listed values', () => {
    const image = apiPathPattern('projectImage', { kind: ['original', 'thumb'] });
    expect(image.test('/api/projects/p1/images/thumb')).toBe(true);
    expect(image.test('/api/projects/p1/images/mask')).toBe(false);
    expect(image.test('/api/projects/p1/x/images/thumb')).toBe(false);
    expect(apiPathPattern('openapi').test('/api/openapiXjson')).toBe(false);
  });
});

describe('the route table', () => {
  it('takes every path from API_PATHS and leaves none unused', () => {
    const known = new Set<string>(Object.values(API_PATHS));
    expect(API_ROUTES.filter((r) => !known.has(r.path)).map((r) => r.path)).toEqual([]);
    const used = new Set<string>(API_ROUTES.map((r) => r.path));
    expect(Object.values(API_PATHS).filter((p) => !used.has(p))).toEqual([]);
  });
});

// A path typed into the PWA drifts when the route changes: the PWA builds every URL with apiPath.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const API_LITERAL = /(^|[^\w.-])\/api(\/|\?|$)/;
const API_REGEXP = /\\\/api(\\\/|$)/;

function productFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : productFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Strings, templates, JSX text and regular expressions of a file that spell an API path. */
function apiLiteralsOf(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | undefined;
    if (ts.isStringLiteralLike(node) || ts.isJsxText(node)) literal = node.text;
    else if (ts.isTemplateExpression(node))
      literal = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('${}');
    else if (ts.isRegularExpressionLiteral(node) && API_REGEXP.test(node.text)) found.push(node.text);
    if (literal !== undefined && API_LITERAL.test(literal)) found.push(literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('finds no API path typed into the PWA or its service worker', () => {
  const found = productFiles(join(root, 'pwa/src')).flatMap((path) =>
    apiLiteralsOf(path, readFileSync(path, 'utf8')).map((text) => `${relative(root, path)}: ${text}`),
  );
  expect(found).toEqual([]);
}, 30_000);

it('would find one', () => {
  const probe = [
    "apiJson('/api/projects', s);",
    'fetch(`/api/projects/${id}/status`);',
    'const image = /^\\/api\\/projects\\/[^/]+$/;',
    'const a = <a href="/api/openapi.json">/api/openapi.json</a>;',
    '// GET /api/projects is a comment',
  ].join('\n');
  expect(apiLiteralsOf('probe.tsx', probe)).toHaveLength(5);
});

it('every path starts with the API prefix', () => {
  expect(Object.values(API_PATHS).filter((p) => !API_PREFIX_PATTERN.test(p))).toEqual([]);
});
