import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@shared/api';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSignInDialogState, closeSignIn } from '../components/sign-in-opener';
import { closePaywall, usePaywallOpen } from '../components/paywall';
import { currentUserQueryKey } from '../lib/auth';
import { onSignedIn } from '../offline/session';
import { limitsQueryKey } from '../lib/limits';
import { createQueryClient } from '../lib/query-client';
import { destroyDb } from '../offline/db';
import { discardOutboxItem, EDIT_OUTBOX_KIND, enqueueRequest } from '../offline/outbox';
import {
  enqueueProperty,
  enqueueRoomPhoto,
  enqueueUpload,
  listUploads,
  OFFLINE_NOTHING_QUEUED,
  setUploadAccount,
  unblockUploads,
  uploadAccountOf,
  type SendResult,
  type Sender,
} from '../offline/uploads';
import { UploadQueueStatus } from './upload-queue-status';

const user: User = {
  id: 'u1',
  username: 'wendy',
  email: 'wendy@example.com',
  firstName: 'Wendy',
  lastName: null,
  profileImageUrl: null,
  plan: 'free',
};

const sam: User = { ...user, id: 'u2', username: 'sam', email: 'sam@example.com', firstName: 'Sam' };

/** `owner` null: shared into the app before anyone signed in on this device. */
const photo = (name: string, owner: User | null = user) => ({
  file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
  fileName: `${name}.jpg`,
  fields: { name, stagingMode: 'stage', roomType: 'bedroom' },
  owner: owner && uploadAccountOf(owner),
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The BFF's session and limits reads: who `session` says is signed in, and `limits` when asked. */
function stubApi(api: { session: User | null; canGenerate?: boolean }) {
  vi.stubGlobal('fetch', (input: string) => {
    if (input.endsWith('/api/auth/user'))
      return Promise.resolve(
        api.session ? json(api.session) : json({ error: 'unauthorized', message: 'Please sign in.' }, 401),
      );
    if (input.endsWith('/api/user/limits')) {
      const canGenerate = api.canGenerate ?? true;
      return Promise.resolve(
        json({ hasActiveSubscription: canGenerate, generationsUsed: 5, maxGenerations: 5, canGenerate }),
      );
    }
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  return api;
}

/** The server's next answer per call; `created` once the script runs out. */
function server(...answers: SendResult[]) {
  const sent: string[] = [];
  const send: Sender = (record) => {
    sent.push(record.fields.name ?? record.fileName);
    return Promise.resolve(answers.shift() ?? { kind: 'created', projectId: `p-${record.id}` });
  };
  return { send, sent, answers };
}

function Dialogs() {
  const signIn = useSignInDialogState();
  const paywall = usePaywallOpen();
  return <p>{`sign-in ${signIn.open ? 'open' : 'closed'}, paywall ${paywall ? 'open' : 'closed'}`}</p>;
}

/** `signedIn`: the user this tab knows (as after a visit); none: a visitor, signed out. */
function renderStatus(send: Sender, signedIn?: User): QueryClient {
  const queryClient = createQueryClient();
  if (signedIn) {
    document.cookie = 'stagely_auth=1';
    queryClient.setQueryData(currentUserQueryKey, signedIn);
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <UploadQueueStatus send={send} />
        <Dialogs />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

// The queue works through IndexedDB and timers: give it room on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const queueRegion = () => screen.queryByRole('region', { name: 'Upload queue' });

describe('UploadQueueStatus', () => {
  beforeEach(async () => {
    // A previous test's sign-in may still be settling (it sets the queue's account when it lands): let it land
    // first, so the account this test starts from is the one set here.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await destroyDb();
    setUploadAccount(null);
    unblockUploads();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'stagely_auth=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    act(() => {
      closeSignIn();
      closePaywall();
    });
  });

  it('sends nothing while signed out, asks to sign in, and uploads by itself after sign-in', async () => {
    await enqueueUpload(photo('hall'), 1);
    await enqueueUpload(photo('attic'), 2);
    const remote = server();
    const queryClient = renderStatus(remote.send);
    await screen.findByText('Sign in again to upload 2 photos.');
    expect(remote.sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    screen.getByText('sign-in open, paywall closed');

    await act(() => onSignedIn(queryClient, user));
    await waitFor(() => expect(queueRegion()).toBeNull());
    expect(remote.sent).toEqual(['hall', 'attic']);
    expect(await listUploads()).toEqual([]);
  });

  it('asks a visitor with photos shared into the app to sign in (not again), then uploads them as that account', async () => {
    await enqueueUpload(photo('porch', null), 1);
    const remote = server();
    const queryClient = renderStatus(remote.send);
    await screen.findByText('Sign in to upload 1 photo.');
    expect(screen.queryByText(/Sign in again/)).toBeNull();
    expect(remote.sent).toEqual([]);

    await act(() => onSignedIn(queryClient, user));
    await waitFor(() => expect(queueRegion()).toBeNull());
    expect(remote.sent).toEqual(['porch']);
  });

  it('keeps every photo on a 401, asks to sign in again, and resumes by itself after sign-in', async () => {
    const api = stubApi({ session: user });
    await enqueueUpload(photo('hall'), 1);
    await enqueueUpload(photo('attic'), 2);
    const remote = server({ kind: 'auth' });
    api.session = null; // the session ended on the server while the photos waited
    const queryClient = renderStatus(remote.send, user);
    await screen.findByText('Sign in again to upload 2 photos.');
    expect(remote.sent).toEqual(['hall']);
    expect((await listUploads()).map((r) => r.status)).toEqual(['queued', 'queued']);
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull());

    api.session = user;
    await act(() => onSignedIn(queryClient, user));
    await waitFor(() => expect(queueRegion()).toBeNull());
    expect(remote.sent).toEqual(['hall', 'hall', 'attic']);
    expect(await listUploads()).toEqual([]);
  });

  it('keeps the photos on a 402, opens the paywall, and resumes once fresh limits allow generating', async () => {
    const api = stubApi({ session: user, canGenerate: false });
    await enqueueUpload(photo('hall'));
    const remote = server({ kind: 'payment' });
    const queryClient = renderStatus(remote.send, user);
    await screen.findByText('1 photo waits for credits.');
    // The paywall opens in an effect after the banner renders: wait for it rather than race it.
    await screen.findByText('sign-in closed, paywall open');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/subscribe');
    await waitFor(() => expect(queryClient.getQueryData(limitsQueryKey)).toBeTruthy());
    expect(remote.sent).toEqual(['hall']);
    expect(await listUploads()).toHaveLength(1);

    api.canGenerate = true; // upgraded (or a new month)
    await act(() => queryClient.invalidateQueries({ queryKey: limitsQueryKey }));
    await waitFor(() => expect(queueRegion()).toBeNull());
    expect(remote.sent).toEqual(['hall', 'hall']);
    expect(await listUploads()).toEqual([]);
  });

  it("marks photos refused with a 4xx as failed with the server's sentence; Retry sends again, Discard removes", async () => {
    await enqueueUpload(photo('hall'), 1);
    await enqueueUpload(photo('attic'), 2);
    const tooSmall = { kind: 'refused', message: 'This photo is too small to stage.' } as const;
    const remote = server(tooSmall, tooSmall);
    stubApi({ session: user });
    renderStatus(remote.send, user);
    const failed = await screen.findByRole('list', { name: 'Uploads that failed' });
    await waitFor(() => expect(within(failed).getAllByRole('listitem')).toHaveLength(2));
    expect(within(failed).getAllByText('This photo is too small to stage.')).toHaveLength(2);
    expect(screen.queryByText(/Waiting for connection/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Retry hall' }));
    await waitFor(() => expect(remote.sent).toEqual(['hall', 'attic', 'hall']));
    await waitFor(() => expect(within(failed).getAllByRole('listitem')).toHaveLength(1));
    expect((await listUploads()).map((r) => r.fields.name)).toEqual(['attic']);
    fireEvent.click(screen.getByRole('button', { name: 'Discard attic' }));
    await waitFor(() => expect(queueRegion()).toBeNull());
    expect(await listUploads()).toEqual([]);
    expect(remote.sent).toEqual(['hall', 'attic', 'hall']);
  });

  it("opens the paywall with the server's sentence for a property past the free limit, and sends the rest", async () => {
    const owner = uploadAccountOf(user);
    const limit =
      'Free accounts can keep 2 properties. Delete one, or upgrade to Pro for unlimited properties.';
    await enqueueProperty({ id: '7a1c2e9b-3f4d-4b6a-8c2d-1e0f9a8b7c6d', name: 'Third house', owner }, 1);
    await enqueueRoomPhoto(
      { propertyId: 'other', propertyName: '12 Harbor Rd', file: new Blob([]), fileName: 'den.jpg', owner },
      2,
    );
    const remote = server(
      { kind: 'refused', message: limit, paywall: true },
      { kind: 'saved', propertyId: 'other' },
    );
    stubApi({ session: user });
    renderStatus(remote.send, user);
    await screen.findByText('sign-in closed, paywall open');
    const failed = await screen.findByRole('list', { name: 'Uploads that failed' });
    expect(failed.textContent).toBe(`Third house was not saved: ${limit}RetryDiscard`);
    await waitFor(() => expect(remote.sent).toEqual(['Third house', 'den.jpg']));
    expect((await listUploads()).map((r) => r.fields.name)).toEqual(['Third house']);
  });

  it('says how many photos wait for the connection', async () => {
    await enqueueUpload(photo('hall'));
    const remote = server({ kind: 'retry', message: 'Waiting for connection' });
    stubApi({ session: user });
    renderStatus(remote.send, user);
    await waitFor(async () => expect(await listUploads()).toMatchObject([{ status: 'queued', attempts: 1 }]));
    await screen.findByText('Waiting for connection: 1 photo queued');
  });

  it('says the browser is offline even before anything is queued, and nothing once back online', async () => {
    stubApi({ session: user });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderStatus(server().send, user);
    await screen.findByText(OFFLINE_NOTHING_QUEUED);
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(queueRegion()).toBeNull());
    online.mockRestore();
  });

  it('counts everything that waits: photos, property rooms and edits', async () => {
    await enqueueUpload(photo('hall'));
    await enqueueRoomPhoto(
      {
        propertyId: '7a1c2e9b-3f4d-4b6a-8c2d-1e0f9a8b7c6d',
        propertyName: 'Elm St',
        file: photo('den').file,
        fileName: 'den.jpg',
        roomType: null,
        owner: uploadAccountOf(user),
      },
      2,
    );
    const edit = await enqueueRequest({ kind: EDIT_OUTBOX_KIND, path: '/api/projects/p1/edits', body: {} });
    const remote = server({ kind: 'retry', message: 'Waiting for connection' });
    stubApi({ session: user });
    renderStatus(remote.send, user);
    await screen.findByText('Waiting for connection: 1 photo, 1 property room, 1 edit queued');
    await discardOutboxItem(edit.id);
  });

  it("keeps another account's photos unsent, says whose they are, and uploads them once that account signs in", async () => {
    stubApi({ session: sam });
    await enqueueUpload(photo('hall'), 1);
    await enqueueUpload(photo('attic'), 2);
    await enqueueUpload(photo('den', sam), 3);
    const remote = server();
    const queryClient = renderStatus(remote.send, sam);
    await screen.findByText(
      '2 photos wait for another account (wendy@example.com): sign in as that account to upload them.',
    );
    await waitFor(() => expect(remote.sent).toEqual(['den']));
    // 'den' is recorded as sent when the request starts; the status line clears once it is confirmed
    await waitFor(() =>
      expect(screen.queryByText(/Uploading|Waiting for connection|Sign in again/)).toBeNull(),
    );
    expect((await listUploads()).map((r) => r.fields.name)).toEqual(['hall', 'attic']);

    await act(() => onSignedIn(queryClient, user)); // Sam logged out, Wendy signed in
    await waitFor(() => expect(queueRegion()).toBeNull());
    expect(remote.sent).toEqual(['den', 'hall', 'attic']);
  });

  it("discards another account's photos only when asked twice", async () => {
    stubApi({ session: sam });
    await enqueueUpload(photo('hall'), 1);
    const remote = server();
    renderStatus(remote.send, sam);
    await screen.findByText(
      '1 photo waits for another account (wendy@example.com): sign in as that account to upload it.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Discard the photos of wendy@example.com' }));
    screen.getByText('Discard this photo from this device? It was never uploaded and cannot be recovered.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(await listUploads()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Discard the photos of wendy@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard Photos' }));
    await waitFor(() => expect(queueRegion()).toBeNull());
    expect(await listUploads()).toEqual([]);
    expect(remote.sent).toEqual([]);
  });
});
