import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_EVENT, type ProjectEvent } from '@shared/api';
import { DEFAULT_PREFERENCES, STATUS_POLL_MS } from '@shared/domain';
import { dismissToast, Toaster } from '../components/toast';
import { getToasts } from '../components/toast/toast-store';
import { projectStatusQueryKey } from '../api/projects';
import { LIVE_BACKUP_POLL_MS, statusPollMs } from '../lib/live-stream';
import { recentProjectsQueryKey } from '../lib/project-query-keys';
import { propertyQueryKey } from '../lib/property-query-keys';
import { jsonResponse } from '../testing/api';
import { PROPERTY_ID, propertyPath, roomProject, testProperty, testRoom } from '../testing/properties';
import { EVENTS_URL, RECONNECT_AFTER_MS, useLiveStatus } from './use-live-status';

/** Enough of EventSource to drive the hook: the test opens, fails and sends events by hand. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
  send(type: string, data: string) {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}
const latest = () => FakeEventSource.all.at(-1)!;

const event = (patch: Partial<ProjectEvent> = {}): string =>
  JSON.stringify({
    projectId: 'p1',
    status: 'completed',
    name: 'Sunny den',
    propertyId: null,
    changedAt: new Date().toISOString(),
    draft: false,
    ...patch,
  } satisfies ProjectEvent);

function Live({ signedIn }: { signedIn: boolean }) {
  useLiveStatus(signedIn);
  return null;
}

let client: QueryClient;
let projectCompletedToasts = true;

function renderLive(signedIn = true) {
  return render(
    <QueryClientProvider client={client}>
      <Live signedIn={signedIn} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('useLiveStatus', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    projectCompletedToasts = true;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', (url: string) =>
      url === '/api/user/preferences'
        ? Promise.resolve(
            jsonResponse({
              ...DEFAULT_PREFERENCES,
              mlsProfile: 'other',
              inAppNotifications: { project_completed: projectCompletedToasts, tips: true },
            }),
          )
        : Promise.resolve(jsonResponse({ error: 'not_found', message: 'Not here.' }, 404)),
    );
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(projectStatusQueryKey('p1'), {
      status: 'processing',
      progress: '60',
      stagedImageUrl: null,
      error: null,
    });
    client.setQueryData(recentProjectsQueryKey, []);
    client.setQueryData(propertyQueryKey('prop1'), { id: 'prop1', rooms: [] });
  });
  afterEach(() => {
    act(() => getToasts().forEach((t) => dismissToast(t.id)));
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens one stream while signed in, none for a visitor, and closes it on unmount', () => {
    renderLive(false).unmount();
    expect(FakeEventSource.all).toHaveLength(0);
    const { unmount } = renderLive(true);
    expect(FakeEventSource.all.map((s) => s.url)).toEqual([EVENTS_URL]);
    unmount();
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('a finished project refreshes its queries, the lists and limits, and says so in a toast', async () => {
    renderLive();
    act(() => latest().open());
    act(() => latest().send(PROJECT_EVENT, event()));
    await screen.findByText('Project Completed');
    screen.getByText('Sunny den is staged and ready to view.');
    expect(stale(projectStatusQueryKey('p1'))).toBe(true);
    expect(stale(recentProjectsQueryKey)).toBe(true);
    expect(stale(propertyQueryKey('prop1'))).toBe(false);
  });

  it("a room's staging refreshes its property too; a failure is a destructive toast", async () => {
    renderLive();
    act(() => latest().send(PROJECT_EVENT, event({ status: 'failed', propertyId: 'prop1' })));
    await screen.findByText('Staging Failed');
    expect(getToasts()[0]?.variant).toBe('destructive');
    expect(stale(propertyQueryKey('prop1'))).toBe(true);
  });

  it("a property's run says so once, when its last room finished, not once per room", async () => {
    let finished = 0;
    const room = (n: number) =>
      testRoom(n, { project: roomProject(n <= finished ? 'completed' : 'processing') });
    vi.stubGlobal('fetch', (url: string) => {
      if (url === '/api/user/preferences') return Promise.resolve(jsonResponse(DEFAULT_PREFERENCES));
      if (url === propertyPath)
        return Promise.resolve(jsonResponse(testProperty([room(1), room(2), room(3)], { name: '7 Elm St' })));
      return Promise.resolve(jsonResponse({ error: 'not_found', message: 'Not here.' }, 404));
    });
    renderLive();
    for (const id of ['p1', 'p2', 'p3']) {
      finished += 1;
      act(() => latest().send(PROJECT_EVENT, event({ projectId: id, propertyId: PROPERTY_ID })));
      await new Promise((r) => setTimeout(r, 30));
    }
    await screen.findByText('Property Staged');
    screen.getByText('7 Elm St: 3 rooms are staged and ready to view.');
    await new Promise((r) => setTimeout(r, 100));
    expect(getToasts().map((t) => t.title)).toEqual(['Property Staged']);
  });

  it('no toast when the in-app preference is off, but the page still updates', async () => {
    projectCompletedToasts = false;
    renderLive();
    act(() => latest().send(PROJECT_EVENT, event()));
    await waitFor(() => expect(client.getQueryData(['/api/user/preferences'])).toBeDefined());
    await new Promise((r) => setTimeout(r, 50));
    expect(getToasts()).toEqual([]);
    expect(stale(projectStatusQueryKey('p1'))).toBe(true);
  });

  it('a processing event refreshes the project without a toast; a malformed one is ignored', async () => {
    renderLive();
    act(() => latest().send(PROJECT_EVENT, 'not json'));
    act(() =>
      latest().send(PROJECT_EVENT, event({ status: 'completed', projectId: 42 as unknown as string })),
    );
    expect(stale(projectStatusQueryKey('p1'))).toBe(false);
    act(() => latest().send(PROJECT_EVENT, event({ status: 'processing' })));
    expect(stale(projectStatusQueryKey('p1'))).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(getToasts()).toEqual([]);
  });

  it('polls slowly while the stream is open, every 2 s again once it fails, and catches up on (re)open', () => {
    renderLive();
    expect(statusPollMs()).toBe(STATUS_POLL_MS);
    act(() => latest().open());
    expect(statusPollMs()).toBe(LIVE_BACKUP_POLL_MS);
    // Work under way may have finished before the stream was there: it is asked for again.
    expect(stale(projectStatusQueryKey('p1'))).toBe(true);
    expect(stale(recentProjectsQueryKey)).toBe(false);
    act(() => latest().fail(FakeEventSource.CONNECTING));
    expect(statusPollMs()).toBe(STATUS_POLL_MS);
    expect(FakeEventSource.all).toHaveLength(1); // the browser reconnects by itself
  });

  it('asks again later when the server refused the stream, and at once when back online', () => {
    vi.useFakeTimers();
    renderLive();
    act(() => latest().fail(FakeEventSource.CLOSED));
    expect(FakeEventSource.all).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(RECONNECT_AFTER_MS);
    });
    expect(FakeEventSource.all).toHaveLength(2);
    act(() => latest().fail(FakeEventSource.CLOSED));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(FakeEventSource.all).toHaveLength(3);
    expect(FakeEventSource.all.slice(0, 2).map((s) => s.readyState)).toEqual([2, 2]);
  });

  it('closes the stream while offline (it would only hold a connection) and opens a new one when back', () => {
    renderLive();
    act(() => latest().open());
    expect(statusPollMs()).toBe(LIVE_BACKUP_POLL_MS);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(statusPollMs()).toBe(STATUS_POLL_MS);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(FakeEventSource.all).toHaveLength(2);
    expect(latest().readyState).toBe(FakeEventSource.CONNECTING);
  });

  it('without EventSource (an old browser) it does nothing and polling stays at 2 s', () => {
    vi.stubGlobal('EventSource', undefined);
    renderLive();
    expect(statusPollMs()).toBe(STATUS_POLL_MS);
  });
});
