import { afterAll, beforeAll } from 'vitest';
import type { TestDeps } from './test-app';
import type { LiveEventsTuning } from '../live-events';
import { startWorker, type Worker, type WorkerTuning } from '../jobs';
import { FakeOpenAI } from './fake-openai';
import { startTestApp, TEST_WORKER_TUNING, type TestApp } from './test-app';

export interface UseTestAppOptions {
  /** Configuration as environment variables; a function when it needs something started in an earlier hook. */
  env?: Record<string, string> | (() => Record<string, string>);
  deps?: Partial<TestDeps>;
  /** An in-process staging worker beside the app: `true` for TEST_WORKER_TUNING, or the exact tuning. */
  worker?: true | Partial<WorkerTuning>;
  /** The app's event streams' tuning (a shorter poll), for tests that wait on them. */
  liveEvents?: Partial<LiveEventsTuning>;
}

export interface UsedTestApp extends TestApp {
  /** The worker started with `worker`; reading it without one throws. */
  readonly worker: Worker;
}

/**
 * Registers the suite's hooks: beforeAll starts the app (and the worker), afterAll stops the worker, then
 * the app. The returned object reads through to them once started, so `t.url` works in hooks and tests.
 * Hooks registered after this call run after the app has started; afterAll ones registered before it
 * run after it has closed (vitest runs after-hooks in reverse).
 */
export function useTestApp(options: UseTestAppOptions = {}): UsedTestApp {
  let app: TestApp | undefined;
  let worker: Worker | undefined;
  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    app = await startTestApp(env, options.deps, { liveEvents: options.liveEvents });
    if (options.worker)
      worker = startWorker(app.deps, options.worker === true ? TEST_WORKER_TUNING : options.worker);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
  });
  const started = (): TestApp => {
    if (!app) throw new Error('useTestApp: the app starts in beforeAll; read it inside hooks and tests');
    return app;
  };
  return {
    get url() {
      return started().url;
    },
    get deps() {
      return started().deps;
    },
    get server() {
      return started().server;
    },
    close: () => started().close(),
    get worker() {
      if (!worker) throw new Error('useTestApp: no worker (pass { worker: true })');
      return worker;
    },
  };
}

/** A FakeOpenAI that listens for the whole suite; its `url` and `env` are there in hooks and tests. */
export function useFakeOpenAI(): FakeOpenAI {
  const fake = new FakeOpenAI();
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  return fake;
}
