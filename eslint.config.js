import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

import { boundaries } from './eslint/boundaries.js';
import { GROUPS, KNOWN_FEATURE_EDGES, LAYERS, LIBRARIES, ONE_HOME } from './eslint/tables.js';

// Boundaries, enforced here rather than only written down, by the three rules of eslint/boundaries.js over the
// tables of eslint/tables.js: the layers deny every edge they do not list, seen however a module is loaded (import,
// import type, export ... from, import(), import('...').Type, require, createRequire); each library, process.env,
// API paths and the store's collections have one home. e2e/, bench/ and scripts/ drive the app from outside.
const SOURCES = ['bff/src/**/*.{ts,tsx}', 'pwa/src/**/*.{ts,tsx}', 'shared/src/**/*.{ts,tsx}'];

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
  {
    files: SOURCES,
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
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
