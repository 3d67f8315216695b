import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries, enforced here rather than only written down. Two independent checks, so each can be said as
// folders: which folder may import an npm library (core no-restricted-imports), and which layer may import
// which (@typescript-eslint/no-restricted-imports for import/export ... from, no-restricted-syntax for
// import()). In flat config the last block that matches a file sets a rule, so each zone lists all of its
// restrictions. e2e/, bench/ and scripts/ drive the app from outside and are not layers of it.
const SOURCES = ['bff/src/**/*.{ts,tsx}', 'pwa/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'];
const TESTS = ['bff/src/**/*.test.{ts,tsx}', 'pwa/src/**/*.test.{ts,tsx}', 'shared/src/**/*.test.{ts,tsx}'];

/** Each npm library is imported in its home folder(s) only. */
const LIBRARIES = [
  { name: 'openai', homes: ['bff/src/ai'] },
  { name: '@google/genai', homes: ['bff/src/ai'] },
  { name: 'replicate', homes: ['bff/src/ai'] },
  { name: 'stripe', homes: ['bff/src/modules/billing'] },
  // Tests and their helpers make and inspect real photos with sharp.
  { name: 'sharp', homes: ['bff/src/images', 'bff/src/ai'], alsoInTests: true },
  { name: 'mongodb', homes: ['bff/src/store'] },
  { name: '@seald-io/nedb', homes: ['bff/src/store'] },
  { name: '@aws-sdk', homes: ['bff/src/store'] },
  { name: 'nodemailer', homes: ['bff/src/mail'] },
  { name: 'idb', homes: ['pwa/src/offline'] },
  { name: 'yazl', homes: ['bff/src/modules/properties'] },
  { name: 'web-push', homes: ['bff/src/push'] },
];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function libraryHomes() {
  const rule = (allowed) => [
    'error',
    {
      patterns: LIBRARIES.filter((lib) => !allowed(lib)).map((lib) => ({
        regex: `^${escapeRegex(lib.name)}(/|$)`,
        message: `${lib.name} is imported only in ${lib.homes.join(', ')}.`,
      })),
    },
  ];
  const homes = [...new Set(LIBRARIES.flatMap((lib) => lib.homes))];
  // Ordered from the widest zone to the narrowest, tests after the code of the same zone.
  return [
    { files: SOURCES, rules: { 'no-restricted-imports': rule(() => false) } },
    {
      files: [...TESTS, 'bff/src/testing/**/*.ts', 'pwa/src/testing/**/*.{ts,tsx}'],
      rules: { 'no-restricted-imports': rule((lib) => lib.alsoInTests) },
    },
    ...homes.flatMap((home) => [
      {
        files: [`${home}/**/*.{ts,tsx}`],
        rules: { 'no-restricted-imports': rule((lib) => lib.homes.includes(home)) },
      },
      {
        files: [`${home}/**/*.test.{ts,tsx}`],
        rules: { 'no-restricted-imports': rule((lib) => lib.homes.includes(home) || lib.alsoInTests) },
      },
    ]),
  ];
}

// A regex over the import path as written (relative, or @shared/...).
const INDEX_OR_NOTHING = '(?!index(\\.tsx?)?$)';
const LAYER = {
  bff: { regex: '(^|/)bff(/|$)', message: 'pwa and shared never import bff: share code through shared/.' },
  pwa: { regex: '(^|/)pwa(/|$)', message: 'bff and shared never import pwa: share code through shared/.' },
  featureInside: {
    regex: `(^|/)features/[^/]+/${INDEX_OR_NOTHING}`,
    message: 'Import a feature through its index.ts (features/<name>), not its inner files.',
  },
  components: {
    regex: '(^|/)components(/|$)',
    message: 'offline/ never imports components/: it reports through events or state the UI reads.',
  },
  modules: {
    regex: '(^|/)modules(/|$)',
    message: 'jobs/ never imports modules/: what both need lives in store/, images/ or ai/.',
  },
};
/** From a file `depth` folders inside features/<x>/, a path that climbs to features/ and into another feature. */
const otherFeatureInside = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/${INDEX_OR_NOTHING}`,
  message: LAYER.featureInside.message,
});

function layerRules(restrictions) {
  return {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns: restrictions }],
    'no-restricted-syntax': [
      'error',
      // esquery regexes cannot hold a slash, so it is written \x2F.
      ...restrictions.map(({ regex, message }) => ({
        selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\x2F')}/]`,
        message,
      })),
    ],
  };
}

function layers() {
  const pwa = [LAYER.bff, LAYER.featureInside];
  return [
    { files: ['pwa/src/**/*.{ts,tsx}'], rules: layerRules(pwa) },
    { files: ['pwa/src/offline/**/*.{ts,tsx}'], rules: layerRules([...pwa, LAYER.components]) },
    // One block per folder depth inside a feature (features/<x>/a.ts, features/<x>/components/a.tsx, ...).
    ...[0, 1, 2, 3, 4, 5].map((depth) => ({
      files: [`pwa/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: layerRules([...pwa, otherFeatureInside(depth)]),
    })),
    { files: ['bff/src/**/*.ts'], rules: layerRules([LAYER.pwa]) },
    { files: ['bff/src/jobs/**/*.ts'], rules: layerRules([LAYER.pwa, LAYER.modules]) },
    { files: ['shared/src/**/*.ts'], rules: layerRules([LAYER.pwa, LAYER.bff]) },
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'bench/results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...libraryHomes(),
  ...layers(),
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
