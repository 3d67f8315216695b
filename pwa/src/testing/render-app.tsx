import { render } from '@testing-library/react';
import type { User } from '@shared/api';
import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { App } from '../app/app';
import { SIGNED_IN_HINT_COOKIE } from '../lib/auth';
import { jsonResponse, testUser } from './api';
import { freshDevice, leaveDevice } from './device-reset';
import { freeLimits, type ApiCall } from './properties';

/** What a fake route answers: a Response as it is, anything else as a 200 JSON body; undefined passes it on. */
type Answer = Response | object | null | undefined;
/** One route of the fake API: its answer, or a function of the call that makes it. */
type Reply = (call: ApiCall) => Answer | Promise<Answer>;
type FakeRoute = Answer | Reply;
/** The fake BFF: `'METHOD /api/path'` (or `'/api/path'` for GET) to its answer. */
export type FakeApi = Record<string, FakeRoute>;

const NOT_FOUND = { error: 'not_found', message: 'Not found.' };

/** What a signed-in free user's app reads on start: themselves, their credits, no projects or properties yet. */
const signedInApi = (user: User): FakeApi => ({
  '/api/auth/user': user,
  '/api/user/limits': freeLimits,
  '/api/projects': [],
  '/api/properties': [],
});
const visitorApi: FakeApi = {
  '/api/auth/user': jsonResponse({ error: 'unauthorized', message: 'Not signed in.' }, 401),
};

function toCall(path: string, init: RequestInit): ApiCall {
  const text = typeof init.body === 'string' ? init.body : undefined;
  return {
    method: init.method ?? 'GET',
    path,
    body: text === undefined ? init.body : JSON.parse(text),
    headers: (init.headers ?? {}) as Record<string, string>,
  };
}

const asResponse = (answer: Answer) =>
  answer instanceof Response ? answer.clone() : jsonResponse(answer ?? NOT_FOUND, answer ? 200 : 404);

/**
 * The whole app (its real router, providers, toasts and dialogs) at `route`, against a fake of the BFF: the
 * given routes first, then a signed-in user's (or with `user: null`, a visitor's) defaults; anything else 404s.
 * Records every call; `location()` is where the app is now. Pair with `resetAppEachTest()`.
 */
export function renderApp(
  route: string,
  { api = {}, user = testUser }: { api?: FakeApi; user?: User | null } = {},
) {
  const routes: FakeApi = { ...(user ? signedInApi(user) : visitorApi), ...api };
  const calls: ApiCall[] = [];
  if (user) document.cookie = `${SIGNED_IN_HINT_COOKIE}=1`;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = toCall(input, init);
    calls.push(call);
    const [path] = call.path.split('?');
    const found =
      routes[`${call.method} ${call.path}`] ??
      routes[`${call.method} ${path}`] ??
      (call.method === 'GET' ? (routes[call.path] ?? routes[path!]) : undefined);
    const answer: Answer = typeof found === 'function' ? await (found as Reply)(call) : found;
    return asResponse(answer);
  });

  const seen = { at: route };
  function Track() {
    const location = useLocation();
    // Before the new page's DOM can be seen: a test that found the page reads where it is at once.
    useLayoutEffect(() => {
      seen.at = `${location.pathname}${location.search}${location.hash}`;
    }, [location]);
    return null;
  }
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[route]}>
        {children}
        <Track />
      </MemoryRouter>
    );
  }
  const view = render(<App router={Router} />);
  return {
    ...view,
    calls,
    /** Where the app is: path, query and hash. */
    location: () => seen.at,
    /** The calls that changed something, as `METHOD path`. */
    writes: () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`),
  };
}

/** Each test starts with no device data (IndexedDB, the persisted queries), no toasts, no dialog and no session, and leaves none behind. */
export function resetAppEachTest() {
  beforeEach(async () => {
    localStorage.clear();
    await freshDevice();
  });
  afterEach(async () => {
    await leaveDevice();
    localStorage.clear();
  });
}
