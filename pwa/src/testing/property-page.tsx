import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach } from 'vitest';
import { getToasts } from '../components/toast/toast-store';
import { SIGNED_IN_HINT_COOKIE } from '../lib/auth';
import { propertyPagePath } from '../lib/app-paths';
import { createQueryClient } from '../lib/query-client';
import { PropertyPage } from '../features/properties';
import { freshDevice, leaveDevice } from './device-reset';
import { PROPERTY_ID } from './properties';

/** Where the app went when it left the property screen. */
export function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/** The property screen `/properties/{id}` of a signed-in user, as the router shows it. */
export function renderPropertyPage(id = PROPERTY_ID) {
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[propertyPagePath(id)]}>
        <Routes>
          <Route path="/properties/:id" element={<PropertyPage />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, ...view };
}

/** The path the app navigated to, or null while it shows the property. */
export const navigatedTo = () => screen.queryByTestId('elsewhere')?.textContent ?? null;

/** Toasts as `title|description`. */
export const toasts = () => getToasts().map((t) => `${t.title}|${t.description ?? ''}`);

/** A signed-in session for each test, with an empty upload queue, no toasts and the paywall closed. */
export function signedInEachTest() {
  beforeEach(async () => {
    await freshDevice();
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1`;
  });
  afterEach(leaveDevice);
}
