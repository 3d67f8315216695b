/**
 * A real BFF on DATA_DIR that kills itself with SIGKILL right after one step of an upload or a delete
 * (CRASH_AFTER), as a power cut or the OOM killer would: no cleanup code runs. Prints its port.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from '../app';
import { createJobSignal } from '../jobs/job-signal';
import { loadSessionKeys } from '../http/session';
import { createStripe } from '../modules/billing';
import { createLiveEvents } from '../live-events';
import { openCore } from '../start-up';
import { createRepositories, type BlobStore, type DocCollection, type Store } from '../store';
import type { Doc } from '../store/model/types';
import type { CrashStep } from './crash-steps';

const step = process.env.CRASH_AFTER as CrashStep | undefined;
const crashIf = (at: CrashStep) => {
  if (at === step) process.kill(process.pid, 'SIGKILL');
};

/** The collection with `after` called once each named method has resolved. */
function watched<T extends Doc>(
  col: DocCollection<T>,
  after: Partial<Record<keyof DocCollection<T>, (args: unknown[], result: unknown) => void>>,
): DocCollection<T> {
  return new Proxy(col, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      const hook = after[name as keyof DocCollection<T>];
      if (typeof value !== 'function' || !hook) return value;
      return async (...args: unknown[]) => {
        const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        hook(args, result);
        return result;
      };
    },
  });
}

function crashingStore(store: Store): Store {
  const blobs: BlobStore = Object.create(store.blobs) as BlobStore;
  blobs.put = async (key, data, type) => {
    await store.blobs.put(key, data, type);
    if (key.endsWith('/original.jpg')) crashIf('original');
    if (key.endsWith('/thumb.jpg')) crashIf('thumb');
  };
  const hasOp = (args: unknown[], op: string) => Object.hasOwn(args[1] ?? {}, op);
  return {
    ...store,
    blobs,
    collections: {
      ...store.collections,
      usage: watched(store.collections.usage, {
        findOneAndUpdate: (args, result) => result && hasOp(args, '$push') && crashIf('reserve'),
        updateOne: (args) => hasOp(args, '$pull') && crashIf('settle'),
      }),
      projects: watched(store.collections.projects, {
        insertOne: () => crashIf('insert'),
        deleteOne: () => crashIf('delete'),
      }),
    },
  };
}

const core = await openCore();
const store = crashingStore(core.store);
const repos = createRepositories(store);
const app = createApp({
  ...core,
  store,
  repos,
  sessionKeys: await loadSessionKeys(core.config.SESSION_KEYS, core.config.dataDir),
  stripe: createStripe(core.config),
  jobSignal: createJobSignal(),
  liveEvents: createLiveEvents({ repos, logger: core.logger }),
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
