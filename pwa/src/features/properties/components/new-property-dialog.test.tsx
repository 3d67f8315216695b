import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Limits, PropertySummary } from '@shared/api';
import { PROPERTY_LIMIT_MESSAGE, PROPERTY_LIMIT_TITLE } from '@shared/domain';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { listUploads } from '../../../offline/uploads';
import { PaywallModal } from '../../../components/paywall';
import { jsonResponse } from '../../../testing/api';
import { Elsewhere, navigatedTo, signedInEachTest, toasts } from '../../../testing/property-page';
import {
  fakePropertyApi,
  freeLimits,
  summaryOf,
  testProperty,
  type ApiCall,
} from '../../../testing/properties';
import { PropertiesPanel } from './properties-panel';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const [harbor, elm] = [
  summaryOf(testProperty([])),
  summaryOf(testProperty([], { id: 'elm', name: '9 Elm St' })),
];
const PRO: Limits = { ...freeLimits, hasActiveSubscription: true, maxGenerations: 'unlimited' };

/** The Properties tab's API (no properties unless `list` says; `create` may answer POST /api/properties); its POSTs. */
function stubApi(
  options: { list?: PropertySummary[]; limits?: Limits; create?: () => Promise<Response> | undefined } = {},
) {
  const api = fakePropertyApi(testProperty([]), {
    list: options.list ?? [],
    limits: options.limits,
    answer: ({ method, path }) =>
      method === 'POST' && path === '/api/properties' ? options.create?.() : undefined,
  });
  return () => api.calls.filter((c) => c.method === 'POST');
}

function renderTab() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <PropertiesPanel signedIn />
                <PaywallModal limits={freeLimits} />
              </>
            }
          />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const openForm = async () => {
  renderTab();
  await screen.findByText(/No properties yet|Harbor/);
  fireEvent.click(screen.getByRole('button', { name: /New property/ }));
  return screen.getByRole('dialog', { name: 'New property' });
};
const fill = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const submit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create property' }));

describe('New property', () => {
  signedInEachTest();

  it('asks for a name or an address at the field, and sends nothing without one', async () => {
    const posts = stubApi();
    const dialog = await openForm();
    fill(dialog, /Name or address/, '   ');
    submit(dialog);
    const name = within(dialog).getByLabelText(/Name or address/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Please give the property a name or an address.');
    expect(posts()).toEqual([]);
  });

  it('sends the id it made, sends the same id again after a refusal, then opens the property', async () => {
    let refuse = true;
    const posts = stubApi({
      create: () => {
        if (!refuse) return undefined;
        refuse = false;
        return Promise.resolve(
          jsonResponse({ error: 'validation_error', message: 'The listing number is too long.' }, 400),
        );
      },
    });
    const dialog = await openForm();
    fill(dialog, /Name or address/, '12 Harbor Rd');
    fill(dialog, /Listing number/, 'MLS-4411');
    submit(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The listing number is too long.');
    // A refusal leaves nothing waiting on the device.
    expect(await listUploads()).toEqual([]);

    submit(dialog);
    await waitFor(() => expect(navigatedTo()).not.toBeNull());
    const [first, second] = posts() as [ApiCall, ApiCall];
    const id = (first.body as { id: string }).id;
    expect(id).toMatch(UUID);
    expect(first.body).toEqual({ id, name: '12 Harbor Rd', listingNumber: 'MLS-4411' });
    expect(second.body).toEqual(first.body);
    expect(second.headers['Idempotency-Key']).toBe(id);
    expect(navigatedTo()).toBe(`/properties/${id}`);
    expect(await listUploads()).toEqual([]);
  });

  it('keeps a property made offline on the device and opens its screen at once', async () => {
    const posts = stubApi({ create: () => Promise.reject(new TypeError('Failed to fetch')) });
    const dialog = await openForm();
    fill(dialog, /Name or address/, '9 Elm St');
    submit(dialog);
    await waitFor(() => expect(navigatedTo()).toMatch(/^\/properties\//));
    const id = (posts()[0]!.body as { id: string }).id;
    expect(navigatedTo()).toBe(`/properties/${id}`);
    expect(toasts()).toContain(
      'Property Saved on This Device|It is added to your account when you are back online. Take its photos now: they wait with it.',
    );
    expect(await listUploads()).toMatchObject([
      { id, status: 'queued', target: { kind: 'property' }, fields: { name: '9 Elm St' } },
    ]);
  });

  it('tells a free account at 2 properties before it tries, and opens the paywall instead of the form', async () => {
    const posts = stubApi({ list: [harbor, elm] });
    renderTab();
    expect((await screen.findByRole('note')).textContent).toBe(PROPERTY_LIMIT_MESSAGE);
    fireEvent.click(screen.getByRole('button', { name: /New property/ }));
    const paywall = screen.getByRole('dialog', { name: PROPERTY_LIMIT_TITLE });
    expect(paywall.textContent).toContain(PROPERTY_LIMIT_MESSAGE);
    expect(screen.queryByRole('dialog', { name: 'New property' })).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('lets a Pro account past 2 properties, and shows the paywall when the server says the limit is reached', async () => {
    stubApi({
      list: [harbor, elm],
      limits: PRO,
      create: () =>
        Promise.resolve(
          jsonResponse(
            { error: 'needs_subscription', message: PROPERTY_LIMIT_MESSAGE, needsSubscription: true },
            402,
          ),
        ),
    });
    const dialog = await openForm();
    expect(screen.queryByRole('note')).toBeNull();
    fill(dialog, /Name or address/, '3 Bay Ct');
    submit(dialog);
    const paywall = await screen.findByRole('dialog', { name: PROPERTY_LIMIT_TITLE });
    expect(paywall.textContent).toContain(PROPERTY_LIMIT_MESSAGE);
    expect(await listUploads()).toEqual([]);
  });
});
