import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { Limits, PublicConfig } from '@shared/api';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitsQueryKey } from '../../lib/limits';
import { createQueryClient } from '../../lib/query-client';
import {
  NO_SUBSCRIPTION_TEXT,
  NO_SUBSCRIPTION_TITLE,
  SubscriptionSuccessPage,
} from './subscription-success-page';

const free: Limits = {
  hasActiveSubscription: false,
  generationsUsed: 1,
  maxGenerations: 5,
  canGenerate: true,
};
const config = (paymentsEnabled: boolean): PublicConfig => ({
  supportEmail: 'support@example.com',
  signInProviders: [],
  paymentsEnabled,
  stripePublishableKey: paymentsEnabled ? 'pk_test_123' : null,
  engine: 'preview',
});
const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));

function renderAt(path: string, paymentsEnabled: boolean) {
  document.cookie = 'stagely_auth=1';
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    return json(url === '/api/public-config' ? config(paymentsEnabled) : free);
  });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SubscriptionSuccessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, client };
}

describe('SubscriptionSuccessPage', () => {
  afterEach(() => {
    document.cookie = 'stagely_auth=; max-age=0';
    vi.unstubAllGlobals();
  });

  it('tells a free user who just opened it that no subscription is active, with the way to subscribe', async () => {
    renderAt('/subscription-success', true);
    expect(await screen.findByRole('heading', { name: NO_SUBSCRIPTION_TITLE })).toBeTruthy();
    expect(screen.getByText(NO_SUBSCRIPTION_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Staging' }).getAttribute('href')).toBe('/');
    expect((await screen.findByRole('link', { name: 'Upgrade to Pro' })).getAttribute('href')).toBe(
      '/subscribe',
    );
  });

  it('offers no way to subscribe while payments are off', async () => {
    const { calls } = renderAt('/subscription-success', false);
    await screen.findByRole('heading', { name: NO_SUBSCRIPTION_TITLE });
    await vi.waitFor(() => expect(calls).toContain('/api/public-config'));
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it("keeps waiting for Pro after Stripe's redirect back", async () => {
    const { client } = renderAt('/subscription-success?payment_intent=pi_1&redirect_status=processing', true);
    // Once the (still free) limits have answered, it goes on waiting for the webhook.
    await vi.waitFor(() => expect(client.getQueryData(limitsQueryKey)).toEqual(free));
    expect(await screen.findByText('Your payment is processing...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: NO_SUBSCRIPTION_TITLE })).toBeNull();
  });
});
