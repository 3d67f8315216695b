import type { ESLint } from 'eslint';

export const boundaries: ESLint.Plugin;
