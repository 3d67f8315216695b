import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destroyDb } from '../db';
import {
  enqueueUpload,
  FLUSH_MESSAGE,
  listUploads,
  setUploadAccount,
  SYNC_TAG,
  type FlushAnswer,
  type SendResult,
  type UploadRecord,
} from '../uploads';
import { startUploadRunner } from '.';
import { olive, queuedPhoto, scripted } from '../../testing/upload-queue';

/** navigator.serviceWorker as the runner uses it (jsdom has none), with the Background Sync tags registered. */
const syncTags: string[] = [];
const worker = Object.assign(new EventTarget(), {
  getRegistration: () =>
    Promise.resolve({
      sync: {
        register: (tag: string) => Promise.resolve(void syncTags.push(tag)),
        getTags: () => Promise.resolve([...syncTags]),
      },
    }),
});

/** The service worker's sync event asking this tab to flush; resolves with the tab's answer. */
function askToFlush(): Promise<FlushAnswer> {
  return new Promise((resolve) => {
    const port = { postMessage: resolve };
    worker.dispatchEvent(
      Object.assign(new Event('message'), { data: { type: FLUSH_MESSAGE }, ports: [port] }),
    );
  });
}

describe('the upload runner answering the service worker', () => {
  let stop = () => undefined as void;
  beforeEach(async () => {
    await destroyDb();
    setUploadAccount(olive);
    syncTags.length = 0;
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  });
  afterEach(async () => {
    stop();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await destroyDb();
  });

  it('flushes when asked and says whether photos still wait for the server once it is over', async () => {
    let serverUp = false;
    const created: string[] = [];
    const send = (record: UploadRecord): Promise<SendResult> => {
      if (!serverUp) return Promise.resolve({ kind: 'retry', message: 'Waiting for connection' });
      created.push(record.id);
      return Promise.resolve({ kind: 'created', projectId: `p-${record.id}` });
    };
    const queued = await enqueueUpload(queuedPhoto());
    stop = startUploadRunner({ onCreated: () => undefined, send }).stop;

    expect(await askToFlush()).toEqual({ waiting: true });
    expect(await listUploads()).toMatchObject([{ id: queued.id, status: 'queued' }]);
    serverUp = true;
    expect(await askToFlush()).toEqual({ waiting: false });
    expect(await listUploads()).toEqual([]);
    expect(created).toEqual([queued.id]);
  });

  it('asks for a Background Sync whenever photos are left waiting for the server, also when it starts offline', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await enqueueUpload(queuedPhoto());
      const send = scripted();
      const runner = startUploadRunner({ onCreated: () => undefined, send });
      stop = runner.stop;
      await vi.waitFor(() => expect(syncTags).toEqual([SYNC_TAG]));
      expect(send.keys).toEqual([]); // offline: nothing is tried, the browser (or `online`) will
      // Already pending: asked again, the browser would fire it at once, over and over while the server is down.
      await runner.kick();
      await runner.kick();
      await new Promise((resolve) => setTimeout(resolve, 100)); // the requests it would make are async
      expect(syncTags).toEqual([SYNC_TAG]);
    } finally {
      online.mockRestore();
    }
  });

  it('asks for no Background Sync once nothing waits', async () => {
    await enqueueUpload(queuedPhoto());
    const send = scripted();
    stop = startUploadRunner({ onCreated: () => undefined, send }).stop;
    await vi.waitFor(async () => expect(await listUploads()).toEqual([]));
    expect(send.keys).toHaveLength(1);
    expect(syncTags).toEqual([]);
  });
});
