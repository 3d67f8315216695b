import { QueryClient, dehydrate } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allProjectsQueryKey, recentProjectsQueryKey, versionsQueryKey } from '../../lib/project-query-keys';
import { propertyListQueryKey, propertyQueryKey } from '../../lib/property-query-keys';
import { clearPersistedQueries, keepLastGood, persistOptions } from './query-persister';

/** What the persister would write for this client now. */
const dehydrated = (client: QueryClient) =>
  dehydrate(client, persistOptions().dehydrateOptions);

describe('persisted query cache', () => {
  it('keeps the last user and projects when a refetch failed (a flaky reconnect), stored as good data', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['/api/auth/user'], { id: 'u1' });
    client.setQueryData(recentProjectsQueryKey, [{ id: 'p1' }]);
    await client
      .fetchQuery({
        queryKey: ['/api/auth/user'],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
      })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['/api/other'], queryFn: () => Promise.resolve(1) });
    expect(client.getQueryState(['/api/auth/user'])?.status).toBe('error');

    const kept = keepLastGood({ timestamp: 1, buster: 'v1', clientState: dehydrated(client) });
    expect(kept.clientState.queries.map((q) => [q.queryKey, q.state.status, q.state.data])).toEqual([
      [['/api/auth/user'], 'success', { id: 'u1' }],
      [recentProjectsQueryKey, 'success', [{ id: 'p1' }]],
    ]);
  });

  it('keeps Recent Projects on the device, never All projects pages, searches or single projects', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/user/limits'], { used: 1 });
    client.setQueryData(recentProjectsQueryKey, [{ id: 'p1' }]);
    const pages = { pages: [{ projects: [{ id: 'p1' }], nextCursor: 'c1' }], pageParams: [null] };
    client.setQueryData(allProjectsQueryKey(''), pages);
    client.setQueryData(allProjectsQueryKey('kitchen'), pages);
    client.setQueryData(['/api/projects', 'p1'], { id: 'p1' });
    client.setQueryData(['/api/projects', 'p1', 'status'], { status: 'completed' });
    // A whole list under the old key, as an earlier version stored it, is not written back either.
    client.setQueryData(['/api/projects'], [{ id: 'p1' }, { id: 'p2' }]);
    expect(dehydrated(client).queries.map((q) => q.queryKey)).toEqual([
      ['/api/user/limits'],
      recentProjectsQueryKey,
    ]);
  });

  it("keeps each opened project's versions, so the brush has the current one at a viewing with no signal", () => {
    const client = new QueryClient();
    client.setQueryData(versionsQueryKey('p1'), { versions: [{ number: 1, current: true }], editing: false });
    client.setQueryData(['/api/projects', 'p1', 'status'], { status: 'completed' });
    expect(dehydrated(client).queries.map((q) => q.queryKey)).toEqual([versionsQueryKey('p1')]);
  });

  it('keeps the properties and each one opened, for a viewing with no signal, but not their share links', () => {
    const client = new QueryClient();
    client.setQueryData(propertyListQueryKey, [{ id: 'h1' }]);
    client.setQueryData(propertyQueryKey('h1'), { id: 'h1', rooms: [] });
    client.setQueryData([...propertyQueryKey('h1'), 'share'], { link: { url: 'https://x/p/t' } });
    expect(dehydrated(client).queries.map((q) => q.queryKey)).toEqual([
      propertyListQueryKey,
      propertyQueryKey('h1'),
    ]);
  });
});

describe('writing the persisted cache', () => {
  const stored = () => window.localStorage.getItem('stagely-query-cache');
  const client = (n: number): PersistedClient => ({
    timestamp: n,
    buster: 'v1',
    clientState: { mutations: [], queries: [] },
  });

  afterEach(() => {
    vi.useRealTimers();
    clearPersistedQueries();
  });

  it('writes the latest state at most every 500 ms, and at once when the page goes away', async () => {
    vi.useFakeTimers();
    const { persister } = persistOptions();
    await persister.persistClient(client(1));
    await persister.persistClient(client(2));
    expect(stored()).toBeNull();
    vi.advanceTimersByTime(500);
    expect(JSON.parse(stored()!)).toMatchObject({ timestamp: 2 });

    // A reload right after new data arrived: pagehide writes it before the page is gone.
    await persister.persistClient(client(3));
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(stored()!)).toMatchObject({ timestamp: 3 });
    expect(await persister.restoreClient()).toMatchObject({ timestamp: 3 });
  });

  it('forgets a pending write when the user signs out', async () => {
    vi.useFakeTimers();
    const { persister } = persistOptions();
    await persister.persistClient(client(4));
    clearPersistedQueries();
    vi.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toBeNull();
  });
});
