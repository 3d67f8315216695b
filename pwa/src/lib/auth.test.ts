import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryOptions, hasSignedInHint } from './auth';
import { claimDevice, onSignedOut } from '../offline/session';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  document.cookie = 'stagely_auth=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const user = {
  id: 'u1',
  username: 'ana',
  email: 'ana@example.com',
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  plan: 'free',
};

describe('current user', () => {
  it('reads the hint cookie among others', () => {
    expect(hasSignedInHint('a=1; stagely_auth=1; b=2')).toBe(true);
    expect(hasSignedInHint('a=1; not_stagely_auth=1')).toBe(false);
  });

  it('is null without a request when the signed-in hint is absent', async () => {
    const data = await new QueryClient().fetchQuery(currentUserQueryOptions());
    expect(data).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the user when the hint is present, and 401 means signed out', async () => {
    document.cookie = 'stagely_auth=1; path=/';
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(user), { status: 200 }));
    await expect(new QueryClient().fetchQuery(currentUserQueryOptions())).resolves.toEqual(user);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'unauthorized', message: 'Sign in' }), { status: 401 }),
    );
    await expect(new QueryClient().fetchQuery(currentUserQueryOptions())).resolves.toBeNull();
  });
});

describe('the account using this device', () => {
  const projects = ['/api/projects'];
  const withProjects = (owner: string) => {
    const client = new QueryClient();
    client.setQueryData(projects, [{ id: `${owner}-p1` }]);
    return client;
  };

  it("keeps an account's data for itself and resets it when another account signs in on the device", () => {
    localStorage.clear();
    claimDevice(new QueryClient(), 'ana');
    const client = withProjects('ana');
    claimDevice(client, 'ana'); // Ana again (a reload, or a sign-in after her session lapsed)
    expect(client.getQueryData(projects)).toEqual([{ id: 'ana-p1' }]);

    claimDevice(client, 'ben'); // Ana's session ended without a log-out; Ben signs in on her phone
    expect(client.getQueryData(projects)).toBeUndefined();
  });

  it('takes over without a reset after a log-out, which already cleared everything', () => {
    localStorage.clear();
    const client = withProjects('ana');
    claimDevice(client, 'ana');
    onSignedOut(client);
    expect(client.getQueryData(projects)).toBeUndefined();
    const next = withProjects('ben');
    claimDevice(next, 'ben');
    expect(next.getQueryData(projects)).toEqual([{ id: 'ben-p1' }]);
  });
});
