import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Preferences } from '@shared/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/toast/toast-store';
import { createQueryClient } from '../../../lib/query-client';
import { NotificationsSection } from './notifications-section';

const prefs: Preferences = {
  emailNotifications: { project_completed: true, subscription_updates: true, marketing: false },
  inAppNotifications: { project_completed: true, tips: true },
  mlsProfile: 'other',
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationsSection />
    </QueryClientProvider>,
  );
}

describe('NotificationsSection', () => {
  it('sends the whole email group and says the email preferences were updated', async () => {
    const next = { ...prefs, emailNotifications: { ...prefs.emailNotifications, marketing: true } };
    fetchMock.mockResolvedValueOnce(json(prefs)).mockResolvedValueOnce(json(next));
    renderSection();
    const marketing = await screen.findByRole('switch', { name: 'Email me news and offers' });
    expect(marketing.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(marketing);
    await waitFor(() => expect(marketing.getAttribute('aria-checked')).toBe('true'));
    const [path, init] = fetchMock.mock.calls[1] ?? [];
    expect(path).toBe('/api/user/preferences');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({ emailNotifications: next.emailNotifications });
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ title: 'Email preferences updated' }));
  });

  it('keeps the old value and names the in-app group when saving fails', async () => {
    fetchMock
      .mockResolvedValueOnce(json(prefs))
      .mockResolvedValueOnce(json({ error: 'internal', message: 'Something went wrong.' }, 500));
    renderSection();
    const tips = await screen.findByRole('switch', { name: 'Show tips in the app' });
    fireEvent.click(tips);
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        description: 'Failed to update in-app notifications. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string)).toEqual({
      inAppNotifications: { project_completed: true, tips: false },
    });
    expect(tips.getAttribute('aria-checked')).toBe('true');
  });
});
