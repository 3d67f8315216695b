import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { PublicProperty } from '@shared/api';
import { PREVIEW_SHARE_LABEL, SHARE_GONE_TEXT, SHARE_GONE_TITLE } from '@shared/domain';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { json } from '../../testing/api';
import { roomId } from '../../testing/properties';
import { PropertySharePage } from './property-share-page';
import { PROPERTY_SHARE_TEXTS } from './property-share-texts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv-_';
const room = (n: number, roomType: PublicProperty['rooms'][number]['roomType']) => ({
  id: roomId(n),
  position: n,
  roomType,
  name: null,
  engine: 'openai' as const,
  concept: false,
  originalImageUrl: `/api/property-shares/${TOKEN}/rooms/${roomId(n)}/original`,
  stagedImageUrl: `/api/property-shares/${TOKEN}/rooms/${roomId(n)}/staged`,
  width: 1600,
  height: 1200,
});
const shared: PublicProperty = {
  name: '12 Harbor Rd',
  agent: null,
  listingNumber: 'MLS-4411',
  rooms: [room(1, 'living-room'), room(2, 'kitchen'), room(3, 'bedroom')],
};

function renderAt(path: string, answer: () => Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    return answer();
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/p/:token/*" element={<PropertySharePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}
const rooms = () => screen.getAllByRole('region', { name: /^Room \d$/ });
const sliderOf = (region: HTMLElement) => within(region).getByRole('slider').getAttribute('aria-valuenow');

let scrolledTo: Element[] = [];
beforeEach(() => {
  scrolledTo = [];
  // jsdom does not lay out, so it has no scrollIntoView.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledTo.push(this);
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('the shared property page', () => {
  it("shows every staged room in order with the 'Virtually staged' notice and a link to each original", async () => {
    const calls = renderAt(`/p/${TOKEN}`, () => json(shared));
    expect(await screen.findByRole('heading', { level: 1, name: '12 Harbor Rd' })).toBeTruthy();
    expect(calls).toEqual([`/api/property-shares/${TOKEN}`]);
    expect(screen.getByText('Listing MLS-4411')).toBeTruthy();
    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.textContent).toBe(`Virtually staged. ${PROPERTY_SHARE_TEXTS.staged}`);
    // Each room's heading names it and carries the badge.
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Before & After Comparison - Room 1 · Living RoomVirtually staged',
      'Before & After Comparison - Room 2 · KitchenVirtually staged',
      'Before & After Comparison - Room 3 · BedroomVirtually staged',
    ]);
    expect(rooms().map(sliderOf)).toEqual(['50', '50', '50']);
    expect(
      within(rooms()[1]!)
        .getByRole('link', { name: 'Open the original photo (full size): Room 2' })
        .getAttribute('href'),
    ).toBe(shared.rooms[1]!.originalImageUrl);
    expect(scrolledTo).toEqual([]);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.body.textContent).not.toContain(PREVIEW_SHARE_LABEL);
    expect(document.title).toBe('12 Harbor Rd (virtually staged rooms) | Stagely');
  });

  it('calls preview-engine results previews, never staged', async () => {
    renderAt(`/p/${TOKEN}`, () =>
      json({ ...shared, rooms: shared.rooms.map((r) => ({ ...r, engine: 'preview' })) }),
    );
    await screen.findByRole('heading', { level: 1, name: '12 Harbor Rd' });
    expect(screen.getByRole('note').textContent).toBe(
      `${PREVIEW_SHARE_LABEL}. ${PROPERTY_SHARE_TEXTS.preview}`,
    );
    expect(document.body.textContent).not.toMatch(/Virtually staged|virtually staged/);
    // The tab title too: a preview is never called staged.
    expect(document.title).toBe('12 Harbor Rd (preview, not staged) | Stagely');
  });

  it("opens the room a listing photo's QR code names, on its unedited original, in view", async () => {
    renderAt(`/p/${TOKEN}/rooms/${roomId(2)}/original`, () => json(shared));
    await screen.findByRole('heading', { level: 1, name: '12 Harbor Rd' });
    const [first, second, third] = rooms() as [HTMLElement, HTMLElement, HTMLElement];
    expect([sliderOf(first), sliderOf(second), sliderOf(third)]).toEqual(['50', '100', '50']);
    expect(within(second).getByRole('note').textContent).toContain(
      'You are looking at the unedited original photo.',
    );
    expect(within(first).queryByRole('note')).toBeNull();
    expect(scrolledTo).toEqual([second]);
  });

  it("shows the 'no longer available' page for a revoked or unknown link", async () => {
    renderAt(`/p/${TOKEN}`, () =>
      json({ error: 'not_found', message: 'This share link does not exist.' }, 404),
    );
    expect(await screen.findByRole('heading', { level: 1, name: SHARE_GONE_TITLE })).toBeTruthy();
    expect(screen.getByText(SHARE_GONE_TEXT)).toBeTruthy();
    expect(screen.queryByText('12 Harbor Rd')).toBeNull();
  });

  it('asks nothing for a malformed link and says it is no longer available', () => {
    const calls = renderAt(`/p/${TOKEN}/rooms/1/original`, () => json(shared));
    expect(screen.getByRole('heading', { level: 1, name: SHARE_GONE_TITLE })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
