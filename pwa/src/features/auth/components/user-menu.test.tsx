import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Limits, User } from '@shared/api';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/toast/toast-store';
import { currentUserQueryKey } from '../../../lib/auth';
import { limitsQueryKey } from '../../../lib/limits';
import { createQueryClient } from '../../../lib/query-client';
import { UserMenu } from './user-menu';
import { testUser } from '../../../testing/api';

const user: User = testUser;

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
// jsdom has no ResizeObserver; Headless UI's Menu watches its button with one.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    unobserve() {}
    disconnect() {}
  },
);
afterEach(() => fetchMock.mockReset());

function renderMenu(limits: Limits, u: User = user) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, u);
  queryClient.setQueryData(limitsQueryKey, limits);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/app']}>
        <Routes>
          <Route path="/app" element={<UserMenu user={u} />} />
          <Route path="/" element={<p>Home screen</p>} />
          <Route path="/settings" element={<p>Settings screen</p>} />
          <Route path="/subscribe" element={<p>Subscribe screen</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Account menu for Erin Tester/ }));
  return queryClient;
}

const free: Limits = {
  hasActiveSubscription: false,
  generationsUsed: 2,
  maxGenerations: 5,
  canGenerate: true,
};
const pro: Limits = {
  hasActiveSubscription: true,
  generationsUsed: 7,
  maxGenerations: 'unlimited',
  canGenerate: true,
};

describe('UserMenu', () => {
  it('shows the name, email, usage and Upgrade to Pro for a free user', async () => {
    renderMenu(free);
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Erin Tester');
    expect(menu.textContent).toContain('erin@example.com');
    expect(menu.textContent).toContain('Generations Used: 2/5');
    expect(screen.getAllByText('Free').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Subscribe screen')).toBeTruthy();
  });

  it('shows ∞, the Pro badge and no upgrade with a subscription', async () => {
    renderMenu(pro, { ...user, plan: 'pro' });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Generations Used: 7/∞');
    expect(screen.getAllByText('Pro').length).toBeGreaterThan(0);
    expect(screen.queryByRole('menuitem', { name: 'Upgrade to Pro' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByText('Settings screen')).toBeTruthy();
  });

  it("shows a Pro user's plan, its renewal date and Manage subscription", async () => {
    renderMenu(pro, {
      ...user,
      plan: 'pro',
      subscription: { renewsAt: '2030-03-17T17:46:40.000Z', endsAt: null },
    });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Plan: Pro');
    expect(menu.textContent).toContain('Renews on Mar 17, 2030');
    expect(screen.getByRole('menuitem', { name: 'Manage subscription' })).toBeTruthy();
  });

  it('shows when a cancelled Pro subscription ends, and no renewal', async () => {
    renderMenu(pro, {
      ...user,
      plan: 'pro',
      subscription: { renewsAt: null, endsAt: '2030-03-17T17:46:40.000Z' },
    });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Ends on Mar 17, 2030');
    expect(menu.textContent).not.toContain('Renews');
  });

  it('shows the Free plan and no subscription dates to a free user', async () => {
    renderMenu(free);
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Plan: Free');
    expect(menu.textContent).not.toMatch(/Renews|Ends on/);
  });

  it('logs out: clears the cache, says so and goes home', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const queryClient = renderMenu(free);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/logout');
    expect(queryClient.getQueryData(limitsQueryKey)).toBeUndefined();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        title: 'Logged out',
        description: "You've been logged out successfully.",
      }),
    );
  });

  it('says so when logging out fails and keeps the user', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const queryClient = renderMenu(free);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        title: 'Logout failed',
        description: 'There was an error logging you out.',
        variant: 'destructive',
      }),
    );
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(user);
  });
});
