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

// The BFF's parts that others use only through their index.ts.
const BFF_UNIT = /^bff\/src\/(modules\/[^/]+|store|jobs|images|ai-models|ai|live-events|mail|push|config|testing)(\/|$)/;
const PWA_FEATURE = /^pwa\/src\/features\/([^/]+)(\/|$)/;

function resolveTarget(file, specifier) {
  if (specifier.startsWith('@shared/')) return `shared/src/${specifier.slice('@shared/'.length)}`;
  if (!specifier.startsWith('.')) return null;
  return repoPath(resolve(ROOT, dirname(file), specifier)).replace(/\.(js|ts|tsx)$/, '');
}

/** Which layer may load which: each rule names its reason in the message. */
function layerProblem(file, target, knownFeatureEdges) {
  const layer = (path) => path.split('/')[0];
  if (layer(target) === 'bff' && layer(file) !== 'bff')
    return 'pwa and shared never import bff: share code through shared/.';
  if (layer(target) === 'pwa' && layer(file) !== 'pwa')
    return 'bff and shared never import pwa: share code through shared/.';
  if (file.startsWith('pwa/src/')) return pwaProblem(file, target, knownFeatureEdges);
  if (file.startsWith('bff/src/')) return bffProblem(file, target);
  return null;
}

function pwaProblem(file, target, knownFeatureEdges) {
  const fromFeature = PWA_FEATURE.exec(file)?.[1];
  const toFeature = PWA_FEATURE.exec(target)?.[1];
  if (/^pwa\/src\/(components|lib)\//.test(file) && /^pwa\/src\/(features|app)(\/|$)/.test(target)) {
    return 'components/ and lib/ never import features/ or app/: they are the pieces features are made of.';
  }
  if (file.startsWith('pwa/src/offline/') && target.startsWith('pwa/src/components/')) {
    return 'offline/ never imports components/: it reports through events or state the UI reads.';
  }
  const edge = `${fromFeature} -> ${toFeature}`;
  if (
    toFeature &&
    fromFeature &&
    fromFeature !== toFeature &&
    !isTest(file) &&
    !knownFeatureEdges.includes(edge)
  ) {
    return 'A feature never imports another feature: move what both need down (components/, lib/) and compose them in app/.';
  }
  if (toFeature && fromFeature !== toFeature) {
    const inner = target.slice(`pwa/src/features/${toFeature}`.length);
    if (inner !== '' && inner !== '/index')
      return 'Import a feature through its index.ts (features/<name>), not its inner files.';
  }
  return null;
}

function bffProblem(file, target) {
  const fromUnit = BFF_UNIT.exec(file)?.[1];
  const toUnit = BFF_UNIT.exec(target)?.[1];
  if (fromUnit === 'jobs' && toUnit?.startsWith('modules/')) {
    return 'jobs/ never imports modules/: what both need lives in store/, images/ or ai/.';
  }
  if (toUnit === 'testing' && !isTest(file))
    return "Product code never imports bff/src/testing: it is the tests' loopback world.";
  if (!toUnit || toUnit === fromUnit || isTest(file)) return null;
  if (fromUnit === 'config' && toUnit === 'ai')
    return 'config/ never imports ai/: the model tables it validates against live in ai-models/.';
  const inner = target.slice(`bff/src/${toUnit}`.length);
  if (inner !== '' && inner !== '/index') {
    return `Use bff/src/${toUnit} through its index.ts, not its inner files.`;
  }
  return null;
}

const layers = {
  meta: { type: 'problem', schema: [{ type: 'object' }] },
  create(context) {
    const knownFeatureEdges = context.options[0]?.knownFeatureEdges ?? [];
    const file = repoPath(context.filename);
    return moduleLoads(context, (specifier, node) => {
      const target = resolveTarget(file, specifier);
      if (target === null) return;
      const message = layerProblem(file, target, knownFeatureEdges);
      if (message) context.report({ node, message });
    });
  },
};

export const boundaries = { rules: { 'library-home': libraryHome, layers } };
