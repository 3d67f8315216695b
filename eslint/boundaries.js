import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

// The project's boundaries as two ESLint rules that see every way a module is loaded: import and export ...
// from, import(), require(), a function made by createRequire(), and TypeScript's import x = require().
const ROOT = resolve(import.meta.dirname, '..');

const repoPath = (file) => relative(ROOT, file).split('\\').join('/');
// Tests, the loopback world they run against and the stores' contract harness may reach inside.
const isTest = (path) =>
  /\.test\.tsx?$/.test(path) ||
  /^(bff|pwa)\/src\/testing\//.test(path) ||
  /^bff\/src\/store\/contract\//.test(path);

/** Calls `check(specifier, node)` for each module the file loads; a computed name is reported as such. */
function moduleLoads(context, check, { reportComputed = false } = {}) {
  const requireNames = new Set(['require']);
  const literal = (node) => {
    if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
    if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
    return null;
  };
  const loaded = (source, node) => {
    const specifier = literal(source);
    if (specifier === null) {
      if (reportComputed)
        context.report({
          node,
          message: 'Load modules by a literal name, so the boundaries can be checked.',
        });
      return;
    }
    check(specifier, node);
  };
  const fromSource = (node) => node.source && loaded(node.source, node);
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: (node) => loaded(node.source, node),
    // import('./x').Type in a type position loads nothing at run time but reaches into x all the same.
    TSImportType: (node) =>
      loaded(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument, node),
    TSImportEqualsDeclaration: (node) => {
      if (node.moduleReference.type === 'TSExternalModuleReference')
        loaded(node.moduleReference.expression, node);
    },
    VariableDeclarator: (node) => {
      const init = node.init;
      if (
        init?.type === 'CallExpression' &&
        init.callee.type === 'Identifier' &&
        init.callee.name === 'createRequire'
      ) {
        if (node.id.type === 'Identifier') requireNames.add(node.id.name);
      }
    },
    CallExpression: (node) => {
      const callee = node.callee;
      const direct = callee.type === 'Identifier' && requireNames.has(callee.name);
      const viaResolve =
        callee.type === 'MemberExpression' &&
        callee.object.type === 'Identifier' &&
        requireNames.has(callee.object.name) &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'resolve';
      const immediate =
        callee.type === 'CallExpression' &&
        callee.callee.type === 'Identifier' &&
        callee.callee.name === 'createRequire';
      if ((direct || viaResolve || immediate) && node.arguments[0]) loaded(node.arguments[0], node);
    },
  };
}

/** Each npm library is loaded only in its home folders (and in tests where `alsoInTests`). */
const libraryHome = {
  meta: { type: 'problem', schema: [{ type: 'array' }] },
  create(context) {
    const libraries = context.options[0] ?? [];
    const file = repoPath(context.filename);
    const inHome = (lib) => lib.homes.some((home) => file === home || file.startsWith(`${home}/`));
    return moduleLoads(
      context,
      (specifier, node) => {
        if (specifier.startsWith('.') || specifier.startsWith('@shared/') || specifier.startsWith('node:'))
          return;
        const lib = libraries.find((candidate) =>
          candidate.name.endsWith('-') || candidate.name.endsWith('/')
            ? specifier.startsWith(candidate.name)
            : specifier === candidate.name || specifier.startsWith(`${candidate.name}/`),
        );
        if (!lib || inHome(lib) || (lib.alsoInTests && isTest(file))) return;
        context.report({
          node,
          message: `${lib.name}${lib.name.endsWith('-') ? '*' : ''} is loaded only in ${lib.homes.join(', ')}.`,
        });
        // Only this rule names a computed load, so it is said once.
      },
      { reportComputed: true },
    );
  },
};

const stripExtension = (path) => path.replace(/\.(d\.ts|tsx|ts|jsx|js|mjs|css)$/, '');
const side = (path) => path.split('/')[0];
const PWA_FEATURE = /^pwa\/src\/features\/([^/]+)(\/|$)/;

/** The group of a repository path: the first whose folder or file holds it, or null. */
function groupOf(groups, path) {
  const bare = stripExtension(path);
  for (const [name, places] of Object.entries(groups)) {
    for (const place of places) {
      const home = stripExtension(place);
      if (bare === home || bare.startsWith(`${home}/`)) return name;
    }
  }
  return null;
}

function resolveTarget(file, specifier) {
  if (specifier.startsWith('@shared/')) return `shared/src/${specifier.slice('@shared/'.length)}`;
  if (!specifier.startsWith('.')) return null;
  return stripExtension(repoPath(resolve(ROOT, dirname(file), specifier)));
}

const hasIndex = new Map();
const folderHasIndex = (folder) => {
  if (!hasIndex.has(folder))
    hasIndex.set(
      folder,
      ['index.ts', 'index.tsx'].some((name) => existsSync(resolve(ROOT, folder, name))),
    );
  return hasIndex.get(folder);
};

/** A folder with an index.ts is used from outside through that index only: the outermost such folder decides. */
function innerFileProblem(file, target) {
  // shared/ is open: its small files are picked one by one to keep the landing bundle small.
  if (side(target) === 'shared') return null;
  const parts = target.split('/');
  for (let depth = 2; depth < parts.length; depth += 1) {
    const folder = parts.slice(0, depth).join('/');
    if (file.startsWith(`${folder}/`) || !folderHasIndex(folder)) continue;
    const inner = target.slice(folder.length);
    if (inner === '' || inner === '/index') return null;
    return PWA_FEATURE.test(folder)
      ? 'Import a feature through its index.ts (features/<name>), not its inner files.'
      : `Use ${folder} through its index.ts, not its inner files.`;
  }
  return null;
}

/** Which group may load which, from the LAYERS table: everything it does not list is refused. */
function layerProblem(file, target, options) {
  if (side(target) === 'bff' && side(file) !== 'bff')
    return 'pwa and shared never import bff: share code through shared/.';
  if (side(target) === 'pwa' && side(file) !== 'pwa')
    return 'bff and shared never import pwa: share code through shared/.';
  const { groups, layers, knownFeatureEdges = [] } = options;
  const to = groupOf(groups, target);
  if (to?.endsWith('/testing') && !isTest(file))
    return `Product code never imports ${groups[to][0]}: it is the tests' loopback world.`;
  if (to === null) return `${target} is in no group of eslint/tables.js: nothing may load it.`;
  const from = groupOf(groups, file);
  if (from === null || isTest(file)) return null;
  const may = layers[from]?.may ?? [];
  if (from !== to && !may.includes(to))
    return `${from} never loads ${to}: it may load ${may.join(', ') || 'none of ours'} (eslint/tables.js).`;
  const fromFeature = PWA_FEATURE.exec(file)?.[1];
  const toFeature = PWA_FEATURE.exec(target)?.[1];
  if (
    toFeature &&
    fromFeature &&
    fromFeature !== toFeature &&
    !knownFeatureEdges.includes(`${fromFeature} -> ${toFeature}`)
  )
    return 'A feature never imports another feature: move what both need down (components/, lib/) and compose them in app/.';
  return innerFileProblem(file, target);
}

/** A package a group may not load: shared/ names its few packages, every other group leaves it to library-home. */
function packageProblem(file, specifier, options) {
  const from = groupOf(options.groups, file);
  const allowed = from && options.layers[from]?.npm;
  if (!allowed || isTest(file)) return null;
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  return allowed.includes(name) ? null : `${from} loads no package but ${allowed.join(', ')}.`;
}

const layers = {
  meta: { type: 'problem', schema: [{ type: 'object' }] },
  create(context) {
    const options = context.options[0] ?? {};
    const file = repoPath(context.filename);
    const checks = moduleLoads(context, (specifier, node) => {
      const target = resolveTarget(file, specifier);
      const message =
        target === null ? packageProblem(file, specifier, options) : layerProblem(file, target, options);
      if (message) context.report({ node, message });
    });
    return {
      ...checks,
      Program: (node) => {
        if (!isTest(file) && groupOf(options.groups ?? {}, file) === null)
          context.report({
            node,
            message: `${file} is in no group of eslint/tables.js: place its folder in GROUPS and LAYERS first.`,
          });
      },
    };
  },
};

const inHomes = (file, homes) =>
  homes.some(
    (home) => file === home || stripExtension(file) === stripExtension(home) || file.startsWith(`${home}/`),
  );
const propertyName = (node) =>
  !node.computed && node.property.type === 'Identifier'
    ? node.property.name
    : node.property.type === 'Literal'
      ? node.property.value
      : null;
const isProcess = (node) =>
  (node.type === 'Identifier' && node.name === 'process') ||
  (node.type === 'MemberExpression' && propertyName(node) === 'process');
// A text that is an API path: '/api', '/api/...', 'https://host/api/...', `${origin}/api/...`; not './api/x' or prose.
const API_PATH = /^(?:[a-z]+:\/\/[^/\s]*)?\/api(?:[/?#]|$)/i;
const MODULE_NAME_PARENTS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
  'TSExternalModuleReference',
  'TSLiteralType',
]);

/** What lives in one place (ONE_HOME): reading the environment, writing an API path, reaching a collection. */
const oneHome = {
  meta: { type: 'problem', schema: [{ type: 'object' }] },
  create(context) {
    const table = context.options[0] ?? {};
    const file = repoPath(context.filename);
    if (isTest(file)) return {};
    const away = (what) => table[what] && !inHomes(file, table[what].homes);
    const report = (what, node) => context.report({ node, message: table[what].message });
    const apiString = (text, node) => {
      if (typeof text === 'string' && API_PATH.test(text) && away('apiPaths')) report('apiPaths', node);
    };
    return {
      MemberExpression: (node) => {
        const name = propertyName(node);
        if (name === 'env' && isProcess(node.object) && away('env')) report('env', node);
        if (name === 'collections' && file.startsWith('bff/') && away('collections'))
          report('collections', node);
      },
      VariableDeclarator: (node) => {
        if (node.id.type !== 'ObjectPattern' || !node.init) return;
        const keys = node.id.properties.map((p) =>
          p.type === 'Property' && p.key.type === 'Identifier' ? p.key.name : null,
        );
        if (keys.includes('env') && isProcess(node.init) && away('env')) report('env', node);
        if (keys.includes('collections') && file.startsWith('bff/') && away('collections'))
          report('collections', node);
      },
      ImportDeclaration: (node) => {
        const fromProcess = node.source.value === 'process' || node.source.value === 'node:process';
        if (fromProcess && away('env')) report('env', node);
      },
      Literal: (node) => {
        if (MODULE_NAME_PARENTS.has(node.parent?.type)) return;
        if (
          node.parent?.type === 'CallExpression' &&
          node.parent.arguments[0] === node &&
          node.parent.callee.name === 'require'
        )
          return;
        if (node.regex) apiString(node.regex.pattern.replaceAll('\\/', '/').replace(/^\^/, ''), node);
        else apiString(node.value, node);
      },
      TemplateElement: (node) => apiString(node.value.cooked, node),
    };
  },
};

export const boundaries = { rules: { 'library-home': libraryHome, layers, 'one-home': oneHome } };
