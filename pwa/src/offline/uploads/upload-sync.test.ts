import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { destroyDb } from '../db';
import {
  enqueueUpload,
  FLUSH_MESSAGE,
  listUploads,
  setUploadAccount,
  STILL_WAITING,
  syncUploads,
  type FlushAnswer,
  type SyncWindow,
} from '.';
import { olive, queuedPhoto, scripted } from '../../testing/upload-queue';

const sam = { id: 'u-sam', name: 'sam@example.com' };

/** An open tab that answers the flush request as told (or never, with null), and counts the requests. */
function tab(answer: FlushAnswer | null): SyncWindow & { asked: number } {
  const w = {
    asked: 0,
    postMessage(message: unknown, [port]: Transferable[]) {
      expect(message).toEqual({ type: FLUSH_MESSAGE });
      w.asked += 1;
      if (answer) (port as MessagePort).postMessage(answer);
    },
  };
  return w;
}

const noTabs = () => Promise.resolve([]);
const signedIn = (account: typeof olive | null) => () => Promise.resolve(account);

describe('the service worker’s Background Sync event', () => {
  beforeEach(async () => {
    await destroyDb();
    setUploadAccount(null);
  });
  afterEach(() => destroyDb());

  it('with no tab open, sends each waiting photo of the signed-in account once and succeeds', async () => {
    const a = await enqueueUpload(queuedPhoto());
    const b = await enqueueUpload(queuedPhoto(null)); // shared into the app: the session's account claims it
    const send = scripted();
    await syncUploads({ windows: noTabs, account: signedIn(olive), send });
    expect(send.keys).toEqual([a.id, b.id]);
    expect(await listUploads()).toEqual([]);
  });

  it('fails while the server answers 5xx or cannot be reached, keeping every photo, so the browser retries', async () => {
    await enqueueUpload(queuedPhoto());
    await enqueueUpload(queuedPhoto());
    const send = scripted({ kind: 'retry', message: 'Service unavailable' });
    await expect(syncUploads({ windows: noTabs, account: signedIn(olive), send })).rejects.toThrow(
      STILL_WAITING,
    );
    expect(send.keys).toHaveLength(1); // one unreachable attempt defers the rest
    expect((await listUploads()).map((r) => r.status)).toEqual(['queued', 'queued']);

    const later = scripted();
    await syncUploads({ windows: noTabs, account: signedIn(olive), send: later });
    expect(later.keys).toHaveLength(2);
    expect(await listUploads()).toEqual([]);
  });

  it('fails and sends nothing when the server cannot tell who is signed in', async () => {
    await enqueueUpload(queuedPhoto());
    const send = scripted();
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(syncUploads({ windows: noTabs, account: down, send })).rejects.toThrow('Failed to fetch');
    expect(send.keys).toEqual([]);
    expect(await listUploads()).toHaveLength(1);
  });

  it('succeeds on a 401, keeping the photo for a sign-in; the next event still asks for a retry on a 5xx', async () => {
    await enqueueUpload(queuedPhoto());
    await syncUploads({ windows: noTabs, account: signedIn(olive), send: scripted({ kind: 'auth' }) });
    expect(await listUploads()).toMatchObject([{ status: 'queued' }]);
    const send = scripted({ kind: 'retry', message: 'Bad gateway' });
    await expect(syncUploads({ windows: noTabs, account: signedIn(olive), send })).rejects.toThrow(
      STILL_WAITING,
    );
    expect(send.keys).toHaveLength(1);
  });

  it('sends nothing and asks no retry when signed out, or when the photos are another account’s', async () => {
    await enqueueUpload(queuedPhoto(sam));
    const send = scripted();
    await syncUploads({ windows: noTabs, account: signedIn(null), send });
    await syncUploads({ windows: noTabs, account: signedIn(olive), send });
    expect(send.keys).toEqual([]);
    expect(await listUploads()).toMatchObject([{ ownerId: sam.id, status: 'queued' }]);
  });

  it('leaves the sending to the open tabs, and fails when one says photos still wait', async () => {
    await enqueueUpload(queuedPhoto());
    const send = scripted();
    const done = tab({ waiting: false });
    const stalled = tab({ waiting: true });
    await syncUploads({ windows: () => Promise.resolve([done]), account: signedIn(olive), send });
    await expect(
      syncUploads({ windows: () => Promise.resolve([done, stalled]), account: signedIn(olive), send }),
    ).rejects.toThrow(STILL_WAITING);
    expect([done.asked, stalled.asked]).toEqual([2, 1]);
    expect(send.keys).toEqual([]);
    expect(await listUploads()).toHaveLength(1);
  });

  it('sends from the service worker when an open tab does not answer in time (frozen, or not the app)', async () => {
    const queued = await enqueueUpload(queuedPhoto());
    const silent = tab(null);
    const send = scripted();
    const windows = () => Promise.resolve([silent]);
    await syncUploads({ windows, account: signedIn(olive), send, answerWithinMs: 20 });
    expect(silent.asked).toBe(1);
    expect(send.keys).toEqual([queued.id]);
    expect(await listUploads()).toEqual([]);
  });
});
