import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedDir = fileURLToPath(new URL('./shared/src', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@shared': sharedDir } },
  define: { __BUILD_YEAR__: String(new Date().getFullYear()) },
  test: {
    // Vitest's default is one worker per core minus one: a single worker on a 2-core CI machine. Unit files wait
    // on sockets, timers and sharp as much as on the CPU, so two overlap well; e2e stays one file at a time.
    maxWorkers: 2,
    // Each project is a folder of the architecture; e2e drives the built app in the system Chromium.
    projects: [
      { extends: true, test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      // The boundaries npm run check enforces, tried on made-up imports.
      {
        extends: true,
        test: {
          name: 'tooling',
          include: ['eslint/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: { name: 'bff', include: ['bff/src/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'pwa',
          include: ['pwa/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['pwa/src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
