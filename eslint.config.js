import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

import { boundaries } from './eslint/boundaries.js';
import { KNOWN_FEATURE_EDGES, LIBRARIES } from './eslint/tables.js';

// Boundaries, enforced here rather than only written down, by the two rules of eslint/boundaries.js. They see
// every way a module is loaded (import, export ... from, import(), require, createRequire), so a library or a
// layer cannot be reached around them. e2e/, bench/ and scripts/ drive the app from outside and are not layers.
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
      'boundaries/layers': ['error', { knownFeatureEdges: KNOWN_FEATURE_EDGES }],
    },
  },
  {
    // Toasts go through components/toast's notify.ts, which applies 'Show notifications'; tests may read the store.
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: ['pwa/src/components/toast/**', 'pwa/src/testing/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/toast/toast-store', '**/toast/notify', '**/toast/toaster'],
              message:
                "Show toasts through components/toast's index (showConfirmation, showNotice, showError).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
