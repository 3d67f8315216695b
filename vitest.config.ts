import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedDir = fileURLToPath(new URL('./shared/src', import.meta.url));

/**
 * Browser tests drive a built app, a shared server and Chromium on two cores that other files keep busy: a test
 * that fails is run once more (a new account and context) and, when that passes, is named as flaky at the end.
 */
const E2E = { environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, retry: 1 } as const;
/**
 * Node-side unit test files run one after another in the same worker process and module graph instead of each in
 * a fresh one: loading the BFF's modules and SDKs again for every file was most of its unit tests' time (three
 * times the CPU). Each file starts and stops its own servers, stores and fakes in its hooks. The PWA's files keep
 * their own module graph and document (a VM context each): its offline queue, Headless UI and mocked modules keep
 * state in modules.
 */
const SHARED_WORKER = { isolate: false } as const;
/**
 * Browser tests that run at the end, beside each other but not beside the other browser files: those that measure
 * time (a live update within 1 s, an offline start within 10 s), and Web Push, whose service worker events in the
 * full browser missed their waits when three heavy files kept both cores busy (a notification not shown in 15 s, a
 * click's page not loaded in 40 s). The three together load the cores lightly: 35-39 s instead of 64 s one by one.
 */
const TIMED_E2E = ['e2e/live-status.test.ts', 'e2e/offline-shell.test.ts', 'e2e/web-push.test.ts'];

export default defineConfig({
  resolve: { alias: { '@shared': sharedDir } },
  define: { __BUILD_YEAR__: String(new Date().getFullYear()) },
  test: {
    // Vitest's default is one worker per core minus one: a single worker on a 2-core CI machine. Unit files wait
    // on sockets, timers and sharp as much as on the CPU, so two overlap well.
    maxWorkers: 2,
    // The default report, then the ten slowest files and a failure naming any file over its budget.
    reporters: ['default', './scripts/file-budgets.ts'],
    // Each project is a folder of the architecture; e2e drives the built app in the system Chromium.
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node', ...SHARED_WORKER },
      },
      // The boundaries npm run check enforces, tried on made-up imports.
      {
        extends: true,
        test: {
          name: 'tooling',
          include: ['eslint/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          ...SHARED_WORKER,
        },
      },
      {
        extends: true,
        test: {
          name: 'bff',
          include: ['bff/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // Servers, workers and fakes on two shared cores: a test that fails is run once more, and named.
          retry: 1,
          ...SHARED_WORKER,
        },
      },
      {
        extends: true,
        // In a VM context Node's CommonJS build of react-router-dom loads an .mjs file it cannot; its ES build can.
        resolve: {
          alias: {
            'react-router-dom': fileURLToPath(
              new URL('./node_modules/react-router-dom/dist/index.mjs', import.meta.url),
            ),
          },
        },
        test: {
          name: 'pwa',
          include: ['pwa/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A jsdom render with its queries can take several seconds when both cores are busy.
          testTimeout: 15_000,
          setupFiles: ['pwa/src/test-setup.ts'],
          // Each file in a fresh VM context (its own modules and document, as isolation gives) inside long-lived
          // workers, instead of a process per file: the PWA's unit files took 131 CPU s, now about 50.
          pool: 'vmThreads',
        },
      },
      // Browser files run once the unit files are done. Files that assert a wall-clock bound run alone, last.
      {
        extends: true,
        test: {
          ...E2E,
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: TIMED_E2E,
          // One built BFF and one Chromium for the run, which files calling useServerAndBrowser() share.
          globalSetup: ['e2e/support/shared-app.global.ts'],
          // Files share their worker's modules (playwright, sharp, the test helpers): each file's state lives in
          // its hooks, and importing them again per file was a few seconds of CPU each.
          ...SHARED_WORKER,
          // Three at a time: a browser file mostly waits on pages and the server, and two left a core idle.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...E2E,
          name: 'e2e-timed',
          include: TIMED_E2E,
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
