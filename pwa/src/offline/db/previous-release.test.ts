import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, closeDb, destroyDb } from '.';
import { flushOutbox, listOutboxItems } from '../outbox';
import { flushUploads, listUploads, setUploadAccount } from '../uploads';

/** The database exactly as the release before the shared queue core created and filled it. */
async function writtenByPreviousRelease(): Promise<void> {
  const db = await openDB(DB_NAME, 1, {
    upgrade(raw) {
      raw.createObjectStore('settings');
      const uploads = raw.createObjectStore('uploads', { keyPath: 'id' });
      uploads.createIndex('status', 'status');
      uploads.createIndex('createdAt', 'createdAt');
      raw.createObjectStore('outbox', { keyPath: 'id' });
      raw.createObjectStore('drafts');
    },
  });
  await db.put('uploads', {
    id: '0b7c8f0e-1d2a-4c3b-9e4f-5a6b7c8d9e0f',
    status: 'queued',
    createdAt: 1,
    file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
    fileName: 'porch.jpg',
    fields: { name: 'porch', stagingMode: 'stage', roomType: 'bedroom' },
    attempts: 2,
    nextAttemptAt: 5,
    lastError: 'Waiting for connection',
    projectId: null,
    ownerId: 'u-ann',
    ownerName: 'ann@example.com',
  });
  await db.put('outbox', {
    id: '6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
    kind: 'contact',
    method: 'POST',
    path: '/api/contact',
    body: { subject: 'Still there?' },
    createdAt: 2,
    attempts: 1,
    nextAttemptAt: 3,
    status: 'pending',
    lastError: 'You appear to be offline.',
    notice: null,
  });
  db.close();
}

describe('an update with items still queued', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    setUploadAccount(null);
    await destroyDb();
  });

  it('reads and sends the photos and messages the previous release kept, under their own keys', async () => {
    await closeDb();
    await writtenByPreviousRelease();
    expect(await listUploads()).toMatchObject([{ fileName: 'porch.jpg', status: 'queued', attempts: 2 }]);
    expect(await listOutboxItems('contact')).toMatchObject([{ body: { subject: 'Still there?' } }]);

    setUploadAccount({ id: 'u-ann', name: 'ann@example.com' });
    const keys: string[] = [];
    await flushUploads((r) => {
      keys.push(r.id);
      return Promise.resolve({ kind: 'created', projectId: 'p1' });
    });
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key'] ?? '');
      return Promise.resolve(new Response('{"ok":true}', { status: 201 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    await flushOutbox();
    expect(keys).toEqual(['0b7c8f0e-1d2a-4c3b-9e4f-5a6b7c8d9e0f', '6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9']);
    expect(await listUploads()).toEqual([]);
    expect(await listOutboxItems()).toEqual([]);
  });
});
