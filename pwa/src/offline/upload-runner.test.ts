import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FlushAnswer } from './background-sync';
import { destroyDb, listUploads, type UploadRecord } from './db';
import { FLUSH_MESSAGE } from './sync-constants';
import { enqueueUpload, setUploadAccount, type SendResult } from './upload-queue';
import { startUploadRunner } from './upload-runner';
import { olive, queuedPhoto } from '../testing/upload-queue';

/** navigator.serviceWorker as the runner listens to it (jsdom has none). */
const worker = new EventTarget();

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
});
