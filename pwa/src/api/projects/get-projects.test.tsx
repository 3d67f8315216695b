import {
  QueryClientProvider,
  focusManager,
  notifyManager,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { Project } from '@shared/api';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { publishUploadEvent } from '../../offline/uploads';
import { testProject } from '../../testing/projects';
import { allProjectsQueryKey, recentProjectsQueryKey } from '../../lib/project-query-keys';
import { projectStatusQueryOptions } from './get-project-status';
import {
  followProjectStatus,
  projectsPollInterval,
  useRecentProjects,
  type ProjectsPage,
} from './get-projects';

// Observers hear of each answer at once, not on a timer turn the fake clock would have to be walked through.
notifyManager.setScheduler((notify) => notify());

/** Recent Projects asks for the first page of five, nothing more. */
const RECENT_PAGE = '/api/projects?limit=5';
const completed = (id: string) => testProject({ id, status: 'completed', progress: '100' });
const processing = (id: string) => testProject({ id, status: 'processing', progress: '50' });

describe('projectsPollInterval', () => {
  it('polls every 2 s while a project in Recent Projects is pending or processing', () => {
    expect(projectsPollInterval([completed('a'), processing('b')])).toBe(2000);
    expect(projectsPollInterval([testProject({ status: 'pending' })])).toBe(2000);
  });

  it('stops once every shown project is completed or failed', () => {
    expect(projectsPollInterval([completed('a'), testProject({ id: 'b', status: 'failed' })])).toBe(false);
    expect(projectsPollInterval([])).toBe(false);
    expect(projectsPollInterval(undefined)).toBe(false);
  });

  it('ignores an unfinished project older than the five shown', () => {
    const list = [...['a', 'b', 'c', 'd', 'e'].map(completed), processing('f')];
    expect(projectsPollInterval(list)).toBe(false);
  });

  it('never polls offline, nor after the server refused the list; a network or server failure keeps polling', () => {
    const list = [processing('a')];
    expect(projectsPollInterval(list, null, false)).toBe(false);
    expect(projectsPollInterval(list, new ApiError(401, 'unauthorized', 'Please sign in.', null))).toBe(
      false,
    );
    expect(projectsPollInterval(list, new NetworkError(new TypeError('Failed to fetch')))).toBe(2000);
    expect(projectsPollInterval(list, new ApiError(503, '503', '503: Service Unavailable', null))).toBe(2000);
  });
});

describe('useRecentProjects', () => {
  let client: QueryClient;
  /** What GET /api/projects?limit=5 answers now; each call is counted. */
  let serverList: Project[];
  const ok = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
  const fetchMock = vi.fn((path: string) => {
    if (path === RECENT_PAGE) return ok(serverList.slice(0, 5));
    const status = /^\/api\/projects\/(\w+)\/status$/.exec(path);
    const found = status && serverList.find((p) => p.id === status[1]);
    if (found) {
      const { stagedImageUrl, error } = found;
      const body = { status: found.status, progress: found.progress, stagedImageUrl, error };
      return ok(body);
    }
    return Promise.reject(new TypeError('Failed to fetch'));
  });
  const listCalls = () => fetchMock.mock.calls.filter(([p]) => p.startsWith('/api/projects?')).length;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  /** The list as the persisted cache restores it: written a while ago, on this device. */
  const restore = (list: Project[]) =>
    client.setQueryData(recentProjectsQueryKey, list, { updatedAt: Date.now() - 60_000 });
  /** Runs what is due now: answers already read, and the query library's batched notifications. */
  const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
  /** `ms` later, with the requests made meanwhile answered. */
  const after = async (ms: number) => {
    await act(() => vi.advanceTimersByTimeAsync(ms));
    await settle();
  };
  const mount = async () => {
    const hook = renderHook(() => useRecentProjects(true), { wrapper });
    await settle();
    return hook;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    client = createQueryClient();
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    focusManager.setFocused(undefined);
    onlineManager.setOnline(true);
  });

  it('asks for the first page of five only, however many projects there are', async () => {
    serverList = 'abcdefghij'.split('').map(completed);
    const { result } = await mount();
    expect(fetchMock.mock.calls.map(([p]) => p)).toEqual([RECENT_PAGE]);
    expect(result.current.data?.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('shows the restored list at once, then the server list (another device made a project meanwhile)', async () => {
    restore([completed('old')]);
    serverList = [completed('new'), completed('old')];
    const { result } = renderHook(() => useRecentProjects(true), { wrapper });
    expect(result.current.data?.map((p) => p.id)).toEqual(['old']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(listCalls()).toBe(1);
    expect(result.current.data?.map((p) => p.id)).toEqual(['new', 'old']);
  });

  it('asks again when the window comes back into focus', async () => {
    serverList = [completed('a')];
    const { result } = await mount();
    serverList = [completed('b'), completed('a')];
    act(() => focusManager.setFocused(false));
    await act(async () => {
      focusManager.setFocused(true);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(listCalls()).toBe(2);
    expect(result.current.data?.map((p) => p.id)).toEqual(['b', 'a']);
  });

  it('asks again on reconnect, also when the page opened offline (the library thought it online)', async () => {
    serverList = [completed('a')];
    await mount();
    act(() => onlineManager.setOnline(false));
    await act(async () => {
      onlineManager.setOnline(true);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(listCalls()).toBe(2);

    // No 'offline' event ever reached the library: only the window's 'online' event says we are back.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(listCalls()).toBe(3);
  });

  it('polls every 2 s while a listed project is unfinished, and stops when it is completed', async () => {
    serverList = [processing('a')];
    const { result } = await mount();
    expect(listCalls()).toBe(1);
    await after(2000);
    expect(listCalls()).toBe(2);
    expect(result.current.data?.[0]?.status).toBe('processing');

    serverList = [completed('a')];
    await after(2000);
    expect(listCalls()).toBe(3);
    expect(result.current.data?.[0]?.status).toBe('completed');
    await after(10_000);
    expect(listCalls()).toBe(3);
  });

  it('does not poll a list of finished projects', async () => {
    serverList = [completed('a'), testProject({ id: 'b', status: 'failed' })];
    await mount();
    await after(10_000);
    expect(listCalls()).toBe(1);
  });

  it('asks again when a queued photo was uploaded, in this tab or another', async () => {
    serverList = [];
    const { result } = await mount();
    serverList = [processing('q')];
    await act(async () => {
      publishUploadEvent({ type: 'created', id: 'upload-1', projectId: 'q' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current.data?.map((p) => p.id)).toEqual(['q']);
  });

  it("follows the project's own status poll: the entry is completed as soon as that poll reads it", async () => {
    serverList = [processing('a'), completed('b')];
    const { result } = await mount();
    serverList = [{ ...completed('a'), stagedImageUrl: '/api/projects/a/images/staged' }, completed('b')];
    await act(() => client.fetchQuery(projectStatusQueryOptions('a')));
    await settle();
    const calls = listCalls();
    expect(result.current.data?.[0]).toMatchObject({
      id: 'a',
      status: 'completed',
      progress: '100',
      stagedImageUrl: '/api/projects/a/images/staged',
    });
    expect(calls).toBe(1); // from the status answer, not from another list request
  });
});

describe('followProjectStatus', () => {
  it('brings the entry up to date in Recent Projects and on every All projects page and search that lists it', () => {
    const client = createQueryClient();
    client.setQueryData(recentProjectsQueryKey, [processing('a'), completed('b')]);
    const pages = (ids: string[][]) => ({
      pages: ids.map((page, i) => ({ projects: page.map(processing), nextCursor: `c${i}` })),
      pageParams: ids.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
    });
    client.setQueryData(allProjectsQueryKey(''), pages([['x'], ['a', 'y']]));
    client.setQueryData(allProjectsQueryKey('den'), pages([['y']]));
    const before = client.getQueryData(allProjectsQueryKey('den'));

    followProjectStatus(client, 'a', {
      status: 'completed',
      progress: '100',
      stagedImageUrl: '/api/projects/a/images/staged',
      error: null,
      draft: [],
    });
    expect(client.getQueryData<Project[]>(recentProjectsQueryKey)?.[0]).toMatchObject({
      status: 'completed',
      stagedImageUrl: '/api/projects/a/images/staged',
    });
    const all = client.getQueryData<{ pages: ProjectsPage[] }>(allProjectsQueryKey(''));
    expect(all?.pages[1]?.projects.map((p) => [p.id, p.status])).toEqual([
      ['a', 'completed'],
      ['y', 'processing'],
    ]);
    expect(client.getQueryData(allProjectsQueryKey('den'))).toBe(before);
  });
});
