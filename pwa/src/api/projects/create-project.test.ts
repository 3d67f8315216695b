import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { destroyDb } from '../../offline/db';
import {
  flushUploads,
  isBlocked,
  listUploads,
  setUploadAccount,
  unblockUploads,
} from '../../offline/uploads';
import {
  buildProjectFormData,
  createProject,
  QueuedUploadError,
  type CreateProjectInput,
} from './create-project';
import { testProject } from '../../testing/projects';

const input = (over: Partial<CreateProjectInput> = {}): CreateProjectInput => ({
  image: new Blob([new Uint8Array(8)], { type: 'image/jpeg' }),
  fileName: 'room.jpg',
  name: 'Living Room - Nov 22, 2026',
  stagingMode: 'stage',
  roomType: 'living-room',
  stylePreset: 'modern',
  colorPalette: 'neutral-warm',
  customPrompt: '  a velvet sofa  ',
  ...over,
});

const project = testProject({ colorPalette: 'neutral-warm', customPrompt: 'a velvet sofa' });

describe('buildProjectFormData', () => {
  it('sends every field, with the prompt trimmed', () => {
    const form = buildProjectFormData(input());
    expect(form.get('stagingMode')).toBe('stage');
    expect(form.get('stylePreset')).toBe('modern');
    expect(form.get('colorPalette')).toBe('neutral-warm');
    expect(form.get('customPrompt')).toBe('a velvet sofa');
    expect((form.get('image') as File).name).toBe('room.jpg');
  });

  it('leaves out style and palette when unstaging, and an empty prompt', () => {
    const form = buildProjectFormData(input({ stagingMode: 'unstage', customPrompt: '   ' }));
    expect(form.has('stylePreset')).toBe(false);
    expect(form.has('colorPalette')).toBe(false);
    expect(form.has('customPrompt')).toBe(false);
    expect(form.get('roomType')).toBe('living-room');
  });
});

describe('createProject', () => {
  afterEach(() => vi.unstubAllGlobals());

  beforeEach(async () => {
    await destroyDb();
    setUploadAccount({ id: 'u-ann', name: 'ann@example.com' }); // the signed-in account
    unblockUploads();
  });

  it('posts multipart with the queue record id as Idempotency-Key, and the photo leaves the queue once created', async () => {
    let queuedDuringSend: unknown[] = [];
    const fetchMock = vi.fn(async () => {
      queuedDuringSend = await listUploads();
      return new Response(JSON.stringify(project), { status: 201 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const created = await createProject(input());
    expect(created.id).toBe('p1');
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/projects');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((init.headers as Record<string, string>)['Stagely-Account']).toBe('u-ann');
    // Kept for the signed-in account while it is sent: should it wait, only that account uploads it.
    expect(queuedDuringSend).toMatchObject([{ ownerId: 'u-ann', ownerName: 'ann@example.com' }]);
    expect(await listUploads()).toEqual([]);
  });

  it('keeps the photo queued with its key when the network fails, and says it waits', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const err = await createProject(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueuedUploadError);
    expect((err as Error).message).toBe('Waiting for connection');
    const [kept] = await listUploads();
    expect(kept).toMatchObject({ status: 'queued', attempts: 1, fields: { roomType: 'living-room' } });
  });

  it('throws an ApiError that keeps the 402 body', async () => {
    const body = {
      error: 'quota_exhausted',
      message: 'You have used all your free generations.',
      needsSubscription: true,
    };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status: 402 })));
    const err = (await createProject(input()).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(402);
    expect(err.message).toBe('You have used all your free generations.');
    expect(err.body).toMatchObject({ needsSubscription: true });
    expect(await listUploads()).toEqual([]);
  });

  it('hands the caller the project once the queue has uploaded the kept photo, with the same key', async () => {
    let directKey = '';
    vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
      directKey = (init.headers as Record<string, string>)['Idempotency-Key']!;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const err = (await createProject(input()).catch((e: unknown) => e)) as QueuedUploadError;
    expect(err.reason).toBe('connection');
    expect(err.uploadId).toBe(directKey);
    const queueKeys: string[] = [];
    // The queue's own sender is covered with the real fetch in e2e (jsdom's IndexedDB does not keep Blobs).
    await flushUploads(
      (record) => {
        queueKeys.push(record.id);
        return Promise.resolve({ kind: 'created', projectId: 'p1' });
      },
      undefined,
      Date.now,
      true,
    );
    await expect(err.uploaded).resolves.toBe('p1');
    expect(queueKeys).toEqual([directKey]);
    expect(await listUploads()).toEqual([]);
  });

  it('keeps the photo when the session has ended (401) and waits for sign-in', async () => {
    const body = { error: 'unauthorized', message: 'Please sign in.' };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status: 401 })));
    const err = (await createProject(input()).catch((e: unknown) => e)) as QueuedUploadError;
    expect(err).toBeInstanceOf(QueuedUploadError);
    expect(err.reason).toBe('auth');
    expect(err.message).toBe('Waiting for sign-in');
    expect(isBlocked()).toBe('auth');
    expect(await listUploads()).toMatchObject([{ status: 'queued', id: err.uploadId }]);
  });

  it('lets go of a photo the server refuses (4xx): the user sees the sentence with the photo on screen', async () => {
    const body = { error: 'unsupported_image', message: 'This file is not an image we can read.' };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status: 415 })));
    const err = (await createProject(input()).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('This file is not an image we can read.');
    expect(await listUploads()).toEqual([]);
  });
});
