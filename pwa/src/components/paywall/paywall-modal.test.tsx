import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Limits } from '@shared/api';
import { PRO_BENEFITS } from '@shared/domain';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PaywallModal } from './paywall-modal';
import { closePaywall, openPaywall } from './paywall-store';

const limits = (maxGenerations: Limits['maxGenerations']): Limits => ({
  hasActiveSubscription: false,
  generationsUsed: 5,
  maxGenerations,
  canGenerate: false,
});

function renderModal(l: Limits | undefined) {
  render(
    <MemoryRouter initialEntries={['/app']}>
      <Routes>
        <Route path="/app" element={<PaywallModal limits={l} />} />
        <Route path="/subscribe" element={<p>Subscribe screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
  act(() => openPaywall());
}

describe('PaywallModal', () => {
  afterEach(() => act(() => closePaywall()));

  it('shows the product text with the maximum from the limits', () => {
    renderModal(limits(5));
    expect(screen.getByRole('dialog', { name: 'Generation Limit Reached' })).toBeTruthy();
    expect(
      screen.getByText("You've used all 5 of your free generations. Upgrade to Pro for unlimited staging!"),
    ).toBeTruthy();
  });

  it('lists every Pro benefit, the same list as Settings, /subscribe and Help', () => {
    renderModal(limits(5));
    const items = screen.getAllByRole('listitem').map((li) => li.textContent?.trim());
    expect(items).toEqual(PRO_BENEFITS.map((b) => `✓${b}`));
    expect(items).toContain('✓Priority processing');
  });

  it('falls back to 10 only when the maximum is not a number', () => {
    renderModal(limits('unlimited'));
    expect(screen.getByText(/You've used all 10 of your free generations/)).toBeTruthy();
  });

  it('keeps a numeric zero and closes with Maybe Later', () => {
    renderModal(limits(0));
    expect(screen.getByText(/You've used all 0 of your free generations/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says the server's own reason when it gave one, and the limit again the next time", async () => {
    renderModal(limits(5));
    act(() =>
      openPaywall({ title: 'Property Limit Reached', message: 'Free accounts can keep 2 properties.' }),
    );
    expect(screen.getByRole('dialog', { name: 'Property Limit Reached' }).textContent).toContain(
      'Free accounts can keep 2 properties.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => openPaywall());
    expect(await screen.findByRole('dialog', { name: 'Generation Limit Reached' })).toBeTruthy();
  });

  it('goes to /subscribe on Upgrade', () => {
    renderModal(limits(5));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(screen.getByText('Subscribe screen')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
