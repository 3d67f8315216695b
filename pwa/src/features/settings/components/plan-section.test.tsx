import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Limits, User } from '@shared/api';
import { PRO_BENEFITS, PRO_BENEFITS_PHRASE, creditsReturnedLine, freeRetriesLine } from '@shared/domain';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '../../../components/toast/toast-store';
import { currentUserQueryKey } from '../../../lib/auth';
import { leaveAppFor } from '../../../lib/leave-app';
import { limitsQueryKey } from '../../../lib/limits';
import { testUser } from '../../../testing/api';
import { createQueryClient } from '../../../lib/query-client';
import { FAQ_CATEGORIES } from '../../help';
import { PlanSection } from './plan-section';

// Leaving the app is watched, not done: the page under test stays.
vi.mock('../../../lib/leave-app', () => ({ leaveAppFor: vi.fn() }));

const free: Limits = {
  hasActiveSubscription: false,
  generationsUsed: 2,
  maxGenerations: 5,
  canGenerate: true,
};
const pro: Limits = {
  hasActiveSubscription: true,
  generationsUsed: 9,
  maxGenerations: 'unlimited',
  canGenerate: true,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderSection(limits: Limits, user: User = testUser) {
  const client = createQueryClient();
  client.setQueryData(limitsQueryKey, limits);
  client.setQueryData(currentUserQueryKey, user);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlanSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Plan' });
}

/** The FAQ answer to `question` as text. */
function faqAnswer(question: string): string {
  const faq = FAQ_CATEGORIES.flatMap((c) => c.faqs).find((f) => f.question === question);
  if (typeof faq?.answer !== 'string') throw new Error(`no text answer for ${question}`);
  return faq.answer;
}

describe('PlanSection', () => {
  it("offers a Free user Help's 'Upgrade to Pro', leading to /subscribe", () => {
    expect(faqAnswer('How do I upgrade to Pro?')).toMatch(/Upgrade to Pro .*Settings/);
    const plan = renderSection(free);
    expect(within(plan).getByText('Free')).toBeTruthy();
    expect(within(plan).getByText('2/5 generations used this month')).toBeTruthy();
    expect(within(plan).getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      '/subscribe',
    );
    expect(within(plan).queryByRole('button', { name: 'Manage subscription' })).toBeNull();
  });

  it('says how many credits came back this month, and nothing while none did', () => {
    const plan = renderSection({ ...free, creditsReturned: 2 });
    expect(within(plan).getByText(creditsReturnedLine(2))).toBeTruthy();
    cleanup();
    expect(within(renderSection(free)).queryByText(/returned this month/)).toBeNull();
  });

  it('says how many free Restages and Try agains were made this month, and nothing while none were', () => {
    const plan = renderSection({ ...free, creditsReturned: 1, freeRetries: 1 });
    expect(within(plan).getByText(freeRetriesLine(1))).toBeTruthy();
    expect(freeRetriesLine(1)).toMatch(/^1 free retry this month \(Restage or Try again/);
    cleanup();
    expect(within(renderSection({ ...free, freeRetries: 0 })).queryByText(/free retr/)).toBeNull();
  });

  it("gives a Pro user Help's 'Manage subscription', which opens the billing portal", async () => {
    expect(faqAnswer('How do I cancel my subscription?')).toMatch(/Settings and choose Manage subscription/);
    fetchMock.mockResolvedValueOnce(json({ url: 'https://billing.stripe.com/p/session_1' }));
    const plan = renderSection(pro);
    expect(within(plan).getByText('9/∞ generations used this month')).toBeTruthy();
    expect(within(plan).queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
    fireEvent.click(within(plan).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('https://billing.stripe.com/p/session_1'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/billing/portal');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('shows when Pro renews, and when it ends once cancelled', () => {
    const at = '2030-03-17T17:46:40.000Z';
    const renewing = renderSection(pro, {
      ...testUser,
      plan: 'pro',
      subscription: { renewsAt: at, endsAt: null },
    });
    expect(within(renewing).getByText('Renews on Mar 17, 2030')).toBeTruthy();
    cleanup();
    const ending = renderSection(pro, {
      ...testUser,
      plan: 'pro',
      subscription: { renewsAt: null, endsAt: at },
    });
    expect(within(ending).getByText('Ends on Mar 17, 2030')).toBeTruthy();
    expect(within(ending).queryByText(/Renews on/)).toBeNull();
    expect(within(ending).getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
  });

  it("lists every Pro benefit to a free user, as Help's answer does", () => {
    expect(faqAnswer('How do I upgrade to Pro?')).toContain(PRO_BENEFITS_PHRASE);
    const plan = renderSection(free);
    expect(plan.textContent).toContain(PRO_BENEFITS_PHRASE);
    for (const benefit of PRO_BENEFITS.slice(1))
      expect(plan.textContent?.toLowerCase()).toContain(benefit.toLowerCase());
  });

  it('says why when the portal cannot open', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: 'no_customer', message: 'There is no subscription to manage yet.' }, 400),
    );
    const plan = renderSection(pro);
    fireEvent.click(within(plan).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({ description: 'There is no subscription to manage yet.' }),
    );
    expect(within(plan).getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
  });
});
