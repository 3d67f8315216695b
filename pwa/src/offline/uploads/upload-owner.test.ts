import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, DB_VERSION, destroyDb, getDb, type UploadRecord } from '../db';
import {
  claimUploads,
  clearUploads,
  discardAccountUploads,
  getUpload,
  listUploads,
  waitForUpload,
  enqueueUpload,
  flushUploads,
  nextDueAt,
  onUnblocked,
  setUploadAccount,
  subscribeQueue,
  type QueueState,
  type SendResult,
  type Sender,
  type UploadAccount,
} from '.';

const ann: UploadAccount = { id: 'u-ann', name: 'ann@example.com' };
const bob: UploadAccount = { id: 'u-bob', name: 'bob@example.com' };

const photo = (name: string, owner: UploadAccount | null) => ({
  file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  fileName: `${name}.jpg`,
  fields: { name, stagingMode: 'stage', roomType: 'bedroom' },
  owner,
});

/** A server stand-in: which photos it was sent, and whose they were by then. */
function server(...answers: SendResult[]) {
  const sent: { name: string; ownerId: string | null | undefined }[] = [];
  const send: Sender = (r) => {
    sent.push({ name: r.fields.name ?? '', ownerId: r.ownerId });
    return Promise.resolve(answers.shift() ?? { kind: 'created', projectId: `p-${r.id}` });
  };
  return { send, sent, names: () => sent.map((s) => s.name) };
}

async function queueState(): Promise<QueueState> {
  return new Promise((resolve) => {
    const stop = subscribeQueue((state) => {
      queueMicrotask(() => stop());
      resolve(state);
    });
  });
}

const force = (send: Sender) => flushUploads(send, undefined, Date.now, true);
const names = async () => (await listUploads()).map((r) => r.fields.name);

describe('upload queue with several accounts on one device', () => {
  beforeEach(async () => {
    await destroyDb();
    setUploadAccount(null);
  });
  afterEach(() => destroyDb());

  it("never sends one account's photos while another is signed in; they go once their owner signs in again", async () => {
    setUploadAccount(ann);
    await enqueueUpload(photo('ann-hall', ann), 1);
    await enqueueUpload(photo('ann-attic', ann), 2);
    setUploadAccount(null); // Ann logs out before the connection is back

    const signedOut = server();
    await force(signedOut.send);
    expect(signedOut.sent).toEqual([]);
    expect(await queueState()).toMatchObject({ waiting: 2, blocked: 'auth', otherAccounts: [] });

    setUploadAccount(bob);
    await enqueueUpload(photo('bob-porch', bob), 3);
    const asBob = server();
    await force(asBob.send);
    expect(asBob.names()).toEqual(['bob-porch']);
    expect(await listUploads()).toMatchObject([
      { fields: { name: 'ann-hall' }, status: 'queued', attempts: 0, ownerId: ann.id },
      { fields: { name: 'ann-attic' }, status: 'queued', attempts: 0, ownerId: ann.id },
    ]);
    expect(await queueState()).toMatchObject({
      waiting: 0,
      failed: [],
      blocked: null,
      otherAccounts: [{ ownerId: ann.id, ownerName: 'ann@example.com', count: 2 }],
    });
    // Nothing of Bob's is due, so no backoff timer spins on Ann's photos.
    expect(await nextDueAt()).toBeNull();

    const resumed = vi.fn();
    const stop = onUnblocked(resumed);
    setUploadAccount(ann);
    stop();
    expect(resumed).toHaveBeenCalledTimes(1); // the runner kicks a flush for Ann
    const asAnn = server();
    await force(asAnn.send);
    expect(asAnn.sent).toEqual([
      { name: 'ann-hall', ownerId: ann.id },
      { name: 'ann-attic', ownerId: ann.id },
    ]);
    expect(await listUploads()).toEqual([]);
  });

  it('stops a flush when another account signs in while it runs', async () => {
    setUploadAccount(ann);
    await enqueueUpload(photo('ann-1', ann), 1);
    await enqueueUpload(photo('ann-2', ann), 2);
    const sent: string[] = [];
    const send: Sender = (r) => {
      sent.push(r.fields.name ?? '');
      setUploadAccount(bob); // Ann's session gave way to Bob's in another tab meanwhile
      return Promise.resolve({ kind: 'created', projectId: 'p1' });
    };
    await force(send);
    expect(sent).toEqual(['ann-1']);
    expect(await listUploads()).toMatchObject([{ fields: { name: 'ann-2' }, ownerId: ann.id }]);
  });

  it('gives photos shared into the app (no owner) to the first account that sees them, for good', async () => {
    await enqueueUpload(photo('shared-1', null), 1); // the service worker cannot know who is signed in
    await enqueueUpload(photo('shared-2', null), 2);
    await claimUploads(); // signed out: nobody claims them
    expect((await listUploads()).map((r) => r.ownerId)).toEqual([null, null]);
    expect(await queueState()).toMatchObject({ waiting: 2, blocked: 'auth' });

    setUploadAccount(bob);
    await claimUploads(); // the runner does this on every kick, offline too
    expect(await listUploads()).toMatchObject([
      { ownerId: bob.id, ownerName: bob.name },
      { ownerId: bob.id, ownerName: bob.name },
    ]);

    setUploadAccount(ann);
    const asAnn = server();
    await force(asAnn.send);
    expect(asAnn.sent).toEqual([]);
    expect((await queueState()).otherAccounts).toEqual([{ ownerId: bob.id, ownerName: bob.name, count: 2 }]);
  });

  it('claims an unclaimed photo by sending it: if it must wait, it waits for that account', async () => {
    await enqueueUpload(photo('shared', null));
    setUploadAccount(bob);
    const offline = server({ kind: 'retry', message: 'Waiting for connection' });
    await force(offline.send);
    expect(offline.sent).toEqual([{ name: 'shared', ownerId: bob.id }]);
    expect(await listUploads()).toMatchObject([{ status: 'queued', ownerId: bob.id, ownerName: bob.name }]);
  });

  it("account deletion clears that account's photos and unclaimed ones, and keeps everyone else's", async () => {
    await enqueueUpload(photo('ann-hall', ann), 1);
    const bobs = await enqueueUpload(photo('bob-porch', bob), 2);
    await enqueueUpload(photo('shared', null), 3);
    await enqueueUpload(photo('ann-attic', ann), 4);
    const heard = expect(waitForUpload(bobs.id)).rejects.toThrow('removed from the upload queue');
    await clearUploads(bob.id);
    await heard;
    expect(await names()).toEqual(['ann-hall', 'ann-attic']);
  });

  it('discards every photo of one other account on request, and only those', async () => {
    await enqueueUpload(photo('ann-hall', ann), 1);
    await enqueueUpload(photo('bob-porch', bob), 2);
    await enqueueUpload(photo('ann-attic', ann), 3);
    await enqueueUpload(photo('shared', null), 4);
    await discardAccountUploads(ann.id);
    expect(await names()).toEqual(['bob-porch', 'shared']);
  });

  it('reads photos queued before owners were kept (no owner fields) as unclaimed, with no new schema', async () => {
    const legacy = {
      id: 'legacy-1',
      status: 'sending', // the tab closed mid-upload, before the update
      createdAt: 1,
      file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      fileName: 'old.jpg',
      fields: { name: 'old', stagingMode: 'stage', roomType: 'bedroom' },
      attempts: 1,
      nextAttemptAt: 1,
      lastError: null,
      projectId: null,
    };
    const db = await getDb();
    expect([db.name, db.version]).toEqual([DB_NAME, DB_VERSION]);
    await db.put('uploads', legacy as UploadRecord);
    expect(await getUpload('legacy-1')).not.toHaveProperty('ownerId');

    // Signed out: kept and counted, nothing sent, nothing lost.
    await force(server().send);
    expect(await queueState()).toMatchObject({ waiting: 1, blocked: 'auth', otherAccounts: [] });

    setUploadAccount(ann);
    expect(await queueState()).toMatchObject({ waiting: 1, otherAccounts: [] });
    const asAnn = server();
    await force(asAnn.send);
    expect(asAnn.sent).toEqual([{ name: 'old', ownerId: ann.id }]);
    expect(await listUploads()).toEqual([]);
  });
});
