import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { BATCH_MAX, MIN_PHOTO_SHORT_EDGE, UPLOAD_MAX_MB } from './limits';

// A limit typed into a sentence drifts when the limit changes: sentences build it from the constant.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const TYPED_LIMITS: { name: string; pattern: RegExp }[] = [
  { name: 'UPLOAD_MAX_MB', pattern: new RegExp(`\\b${UPLOAD_MAX_MB} ?(MB|megabytes)\\b`, 'i') },
  { name: 'BATCH_MAX', pattern: new RegExp(`\\b(up to|at most) ${BATCH_MAX} (photos|images|files)\\b`, 'i') },
  { name: 'MIN_PHOTO_SHORT_EDGE', pattern: new RegExp(`\\b${MIN_PHOTO_SHORT_EDGE} ?(px|pixels)\\b`, 'i') },
];

function productFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : productFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text of every string, template and JSX text in a file: what a person may read. */
function textsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  // Only files whose raw text holds a typed limit are parsed, to tell a sentence from a comment.
  if (!TYPED_LIMITS.some(({ pattern }) => pattern.test(text))) return [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isJsxText(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node))
      texts.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…'));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

it('finds no limit typed into a sentence in product code', () => {
  const found: string[] = [];
  for (const folder of ['shared/src', 'bff/src', 'pwa/src']) {
    for (const path of productFiles(join(root, folder))) {
      for (const text of textsOf(path))
        for (const { name, pattern } of TYPED_LIMITS)
          if (pattern.test(text)) found.push(`${relative(root, path)}: "${text}" types ${name}`);
    }
  }
  expect(found).toEqual([]);
}, 30_000);

it('would find one', () => {
  expect(TYPED_LIMITS[0]!.pattern.test('Photos up to 10MB')).toBe(UPLOAD_MAX_MB === 10);
  expect(TYPED_LIMITS[1]!.pattern.test('stages up to 10 photos')).toBe(BATCH_MAX === 10);
});
