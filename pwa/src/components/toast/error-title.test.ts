// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { ERROR_TITLE } from './toast-texts';

// The bare error title is one constant: a copy typed elsewhere would drift from it.
const pwaSrc = fileURLToPath(new URL('../..', import.meta.url));

function productFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : productFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Whether a file spells the title as a string of its own (comments do not count). */
function typesTitle(path: string): boolean {
  const text = readFileSync(path, 'utf8');
  if (!text.includes(ERROR_TITLE)) return false;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let found = false;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && node.text === ERROR_TITLE) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('finds the error title typed only where it is defined', () => {
  const typed = productFiles(pwaSrc)
    .filter(typesTitle)
    .map((path) => relative(pwaSrc, path));
  expect(typed).toEqual(['components/toast/toast-texts.ts']);
});
