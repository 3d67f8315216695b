import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeDb,
  DB_NAME,
  DB_VERSION,
  destroyDb,
  deleteDraft,
  getDraft,
  getSetting,
  setDraft,
  setSetting,
  type OutboxRecord,
  type UploadRecord,
} from '.';
import { listOutbox, putOutbox } from '../outbox';
import { getUpload, listUploads, putUpload } from '../uploads';

const upload = (id: string, status: UploadRecord['status'], createdAt: number): UploadRecord => ({
  id,
  status,
  createdAt,
  file: new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
  fileName: `${id}.jpg`,
  fields: { roomType: 'kitchen' },
  attempts: 0,
  nextAttemptAt: createdAt,
  lastError: null,
  projectId: null,
});

const outbox = (id: string, createdAt: number): OutboxRecord => ({
  id,
  kind: 'contact',
  method: 'POST',
  path: '/api/contact',
  body: { subject: id },
  createdAt,
  attempts: 1,
  nextAttemptAt: createdAt,
  status: 'pending',
  lastError: null,
  notice: null,
});

afterEach(async () => {
  await destroyDb();
});

describe('the stagely IndexedDB database', () => {
  it('creates every object store and index in version 1', async () => {
    await getSetting('warm-up');
    await closeDb();
    const raw = await openDB(DB_NAME);
    expect(raw.version).toBe(DB_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['drafts', 'outbox', 'settings', 'uploads']);
    const tx = raw.transaction(['uploads', 'outbox', 'settings', 'drafts']);
    expect(tx.objectStore('uploads').keyPath).toBe('id');
    expect([...tx.objectStore('uploads').indexNames].sort()).toEqual(['createdAt', 'status']);
    expect(tx.objectStore('outbox').keyPath).toBe('id');
    expect(tx.objectStore('settings').keyPath).toBeNull();
    expect(tx.objectStore('drafts').keyPath).toBeNull();
    raw.close();
  });

  it('keeps settings and drafts as key-value pairs', async () => {
    await setSetting('imageQuality', 'medium');
    await setDraft('contact', { name: 'Ana', category: 'billing' });
    expect(await getSetting('imageQuality')).toBe('medium');
    expect(await getDraft('contact')).toEqual({ name: 'Ana', category: 'billing' });
    await deleteDraft('contact');
    expect(await getDraft('contact')).toBeUndefined();
  });

  it('survives closing and reopening (a reload)', async () => {
    await setDraft('contact', { subject: 'Still here' });
    await closeDb();
    expect(await getDraft('contact')).toEqual({ subject: 'Still here' });
  });

  it('lists uploads oldest first, optionally by status', async () => {
    await putUpload(upload('b', 'failed', 2000));
    await putUpload(upload('a', 'queued', 3000));
    await putUpload(upload('c', 'queued', 1000));
    expect((await listUploads()).map((u) => u.id)).toEqual(['c', 'b', 'a']);
    expect((await listUploads('queued')).map((u) => u.id)).toEqual(['c', 'a']);
    const stored = await getUpload('a');
    expect(stored?.fileName).toBe('a.jpg');
    // jsdom's Blob does not survive fake-indexeddb's structured clone, so only the plain fields are checked.
    expect(stored?.fields).toEqual({ roomType: 'kitchen' });
  });

  it('lists outbox records oldest first', async () => {
    await putOutbox(outbox('late', 20));
    await putOutbox(outbox('early', 10));
    expect((await listOutbox()).map((r) => r.id)).toEqual(['early', 'late']);
  });
});
