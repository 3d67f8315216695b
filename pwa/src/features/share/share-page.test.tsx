import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicShare } from '@shared/api';
import { CONCEPT_LABEL, SHARE_GONE_TEXT, SHARE_GONE_TITLE } from '@shared/domain';
import { createQueryClient } from '../../lib/query-client';
import { SharePage } from './share-page';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv-_';
const share: PublicShare = {
  name: 'Sunny lounge',
  title: 'Sunny lounge',
  agent: null,
  stagingMode: 'multi-view',
  roomType: 'living-room',
  stylePreset: 'scandinavian',
  engine: 'openai',
  concept: false,
  originalImageUrl: `/api/shares/${TOKEN}/images/original`,
  stagedImageUrl: `/api/shares/${TOKEN}/images/staged`,
  variants: [0, 1, 2].map((i) => `/api/shares/${TOKEN}/images/staged?variant=${i}`),
  width: 1200,
  height: 900,
  createdAt: '2026-03-14T10:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

function stubApi(answer: () => Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (path: string) => {
    calls.push(path);
    return answer();
  });
  return calls;
}

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/s/:token/*" element={<SharePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const slider = () => screen.getByRole('slider');
const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

describe('SharePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a kept design concept is one: its badge and its disclosure', async () => {
    stubApi(() => json({ ...share, concept: true }));
    const view = renderAt(`/s/${TOKEN}`);
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(new RegExp(`^${CONCEPT_LABEL}\\. ${CONCEPT_LABEL}: `));
    expect(note.textContent).toContain('the room itself was changed');
    view.unmount();
  });

  it('names an advanced style preset by its label', async () => {
    stubApi(() => json({ ...share, stylePreset: 'mid-century' }));
    const view = renderAt(`/s/${TOKEN}`);
    expect(await screen.findByText(/Living Room · Mid-century Modern style · /)).toBeTruthy();
    view.unmount();
  });

  it('shows a signed-out visitor the disclosure, the slider at half and the options, marked noindex', async () => {
    const calls = stubApi(() => json(share));
    const view = renderAt(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunny lounge' })).toBeTruthy();
    expect(calls).toEqual([`/api/shares/${TOKEN}`]);
    expect(screen.getByRole('note').textContent).toMatch(
      /^Virtually staged\. This photo has been virtually staged/,
    );
    expect(slider().getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getAllByRole('button', { name: /^Option \d$/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(
      screen.getByText(/Living Room · Scandinavian style · Shared photos from March 14, 2026/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the unedited original' }).getAttribute('href')).toBe(
      `/s/${TOKEN}/original`,
    );
    expect(robots()).toBe('noindex');
    expect(document.title).toBe('Sunny lounge (virtually staged photos) | Stagely');
    view.unmount();
    expect(robots()).toBeUndefined();
  });

  it('tells a buyer that a preview-engine result had nothing added, in the badge and the note', async () => {
    stubApi(() => json({ ...share, engine: 'preview', stagingMode: 'stage' }));
    const view = renderAt(`/s/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunny lounge' })).toBeTruthy();
    const note = screen.getByRole('note').textContent ?? '';
    expect(note).toMatch(/^Preview, not staged\. This is a preview, not a staged photo/);
    expect(note).toContain('no furniture or decor was added or removed');
    expect(document.body.textContent).not.toMatch(/added digitally|virtually staged:|Virtually staged/);
    expect(document.title).toBe('Sunny lounge (preview, not staged) | Stagely');
    view.unmount();

    stubApi(() => json({ ...share, engine: 'preview' }));
    renderAt(`/s/${TOKEN}/original`);
    await screen.findByRole('heading', { level: 1, name: 'Original photo: Sunny lounge' });
    expect(screen.getByRole('note').textContent).toContain('nothing was added or removed');
  });

  it('opens the original-photo page (the QR code target) on the whole Before photo', async () => {
    stubApi(() => json(share));
    renderAt(`/s/${TOKEN}/original`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Original photo: Sunny lounge' }),
    ).toBeTruthy();
    expect(slider().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('note').textContent).toContain('You are looking at the unedited original photo.');
    expect(
      screen.getByRole('link', { name: 'Open the original photo (full size)' }).getAttribute('href'),
    ).toBe(share.originalImageUrl);
  });

  it('tells a buyer a revoked or unknown link is no longer available, and a malformed one without asking', async () => {
    const gone = () => screen.getByRole('heading', { level: 1, name: SHARE_GONE_TITLE });
    stubApi(() => json({ error: 'not_found', message: 'This share link does not exist.' }, 404));
    for (const path of [`/s/${TOKEN}`, `/s/${TOKEN}/original`]) {
      const revoked = renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: SHARE_GONE_TITLE })).toBeTruthy();
      expect(screen.getByText(SHARE_GONE_TEXT)).toBeTruthy();
      expect(screen.queryByText(/Page Not Found|router/)).toBeNull();
      expect(robots()).toBe('noindex');
      expect(document.title).toBe(`${SHARE_GONE_TITLE} | Stagely`);
      revoked.unmount();
    }

    const calls = stubApi(() => json(share));
    for (const path of ['/s/short', `/s/${TOKEN}/elsewhere`]) {
      const view = renderAt(path);
      expect(gone()).toBeTruthy();
      view.unmount();
    }
    expect(calls).toEqual([]);
  });

  it('offers a retry when the photos cannot be loaded for another reason', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? json({ error: 'rate_limited', message: 'Too many requests for shared photos.' }, 429)
        : json(share),
    );
    renderAt(`/s/${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests for shared photos.');
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Sunny lounge' })).toBeTruthy());
  });
});
