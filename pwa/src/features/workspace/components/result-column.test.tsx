import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  EXPORT_SOURCE_EDGE_HEADER,
  EXPORT_SOURCE_HEADER,
  type Export4kPlan,
  type Project,
} from '@shared/api';
import {
  CONCEPT_LABEL,
  LISTING_SHARE_CONFIRM,
  STRUCTURE_CHOICE,
  STRUCTURE_CREDIT_BACK,
  STRUCTURE_KEPT,
  STRUCTURE_WARNING,
  export4kFallbackNotice,
  export4kLabel,
  revokeConfirmText,
} from '@shared/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closePaywall, usePaywallOpen } from '../../../components/paywall';
import { getToasts } from '../../../components/toast/toast-store';
import { limitsQueryKey } from '../../../lib/limits';
import { createQueryClient } from '../../../lib/query-client';
import { closeDb, setSetting } from '../../../offline/db';
import { readLocalSettings, writeLocalSettings } from '../../../offline/settings';
import { projectShareQueryKey } from '../../../api/projects';
import { RESTAGE_CONFIRM } from '../../../components/structure-choice';
import { testProject } from '../../../testing/projects';
import { DOWNLOAD_MLS_TEXTS } from '../../../components/result-tools';
import { ResultColumn } from './result-column';

const project = testProject({
  name: 'Sunny lounge',
  status: 'completed',
  progress: '100',
  stagedImageUrl: '/api/projects/p1/images/staged',
  variants: ['/api/projects/p1/images/staged'],
  createdAt: '2026-03-14T10:00:00.000Z',
});
const link = {
  token: 'AbCdEfGhIjKlMnOpQrStUv-_',
  url: 'http://localhost/s/AbCdEfGhIjKlMnOpQrStUv-_',
  originalUrl: 'http://localhost/s/AbCdEfGhIjKlMnOpQrStUv-_/original',
};
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

function stubServer({
  pro = false,
  plan = null as Export4kPlan | null,
  madeFrom = null as { source: string; px: number } | null,
  flagged = null as Project | null,
} = {}) {
  let shared = false;
  let concept = false;
  const calls: string[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${path}`);
    if (path === '/api/projects/p1/share') {
      if (method === 'POST') shared = true;
      if (method === 'DELETE') shared = false;
      return method === 'DELETE'
        ? json({ ok: true })
        : json(method === 'POST' ? link : { link: shared ? link : null });
    }
    if (path === '/api/user/limits')
      return json({
        hasActiveSubscription: pro,
        generationsUsed: 1,
        maxGenerations: pro ? 'unlimited' : 5,
        canGenerate: true,
      });
    if (path === '/api/projects/p1/export-4k' && plan) return json(plan);
    if (path === '/api/projects/p1/published-links')
      return json({ links: shared ? 1 : 0, files: shared ? 2 : 0 });
    if (flagged && path === '/api/projects/p1/concept' && method === 'POST') {
      concept = true;
      return json({ ...flagged, concept: true });
    }
    if (flagged && path === '/api/projects/p1/restage' && method === 'POST')
      return json(testProject({ id: 'p2', name: 'Sunny lounge 2' }), 201);
    if (path === '/api/projects/p1/versions') return json(versionList);
    if (path === '/api/projects/p1/edits' && method === 'POST')
      return json({ error: 'needs_subscription', message: 'No credits left.', needsSubscription: true }, 402);
    if (path.startsWith('/api/projects/p1/download')) {
      // Like the server: listing-ready only once the project is shared.
      if (path.includes('format=listing') && !shared)
        return json({ error: 'not_shared', message: 'Create the share link first.' }, 409);
      if (path.includes('format=listing') && flagged && !concept)
        return json({ error: 'structure_undecided', message: 'Choose first.' }, 409);
      const headers: Record<string, string> = { 'Content-Type': 'image/jpeg' };
      if (madeFrom && path.includes('size=4k')) {
        headers[EXPORT_SOURCE_HEADER] = madeFrom.source;
        headers[EXPORT_SOURCE_EDGE_HEADER] = String(madeFrom.px);
      }
      return Promise.resolve(new Response(new Uint8Array(8), { headers }));
    }
    return json({ error: 'not_found', message: 'Not found.' }, 404);
  });
  return calls;
}

const version = (number: number, kind: 'original' | 'staging') => ({
  number,
  kind,
  instruction: null,
  imageUrl: `/api/projects/p1/versions/${number}/image`,
  current: number === 1,
  alterations: [],
  note: null,
  madeFrom: null,
  flagged: false,
  concept: false,
  creditReturned: false,
  freeRetry: false,
  createdAt: '2026-03-14T10:00:00.000Z',
});
const versionList = {
  versions: [version(0, 'original'), version(1, 'staging')],
  editing: false,
  editError: null,
};

function PaywallProbe() {
  return <p>{usePaywallOpen() ? 'paywall open' : 'paywall closed'}</p>;
}

function renderColumn(client = createQueryClient(), shown = project, onRestaged?: (p: Project) => void) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaywallProbe />
        <ResultColumn
          project={shown}
          status={null}
          previewUrl={null}
          creating={false}
          onRestaged={onRestaged}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ResultColumn download format and sharing', () => {
  const writeText = vi.fn().mockResolvedValue(undefined);
  const saveClick = vi.fn();
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:download');
    URL.revokeObjectURL = vi.fn();
    HTMLAnchorElement.prototype.click = saveClick;
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(async () => {
    document.cookie = 'stagely_auth=; max-age=0';
    vi.unstubAllGlobals();
    writeText.mockClear();
    saveClick.mockClear();
    await setSetting('local-settings', undefined);
    await closeDb();
  });

  it('remembers Listing-ready on the device; the first listing-ready download asks before it publishes a link', async () => {
    const calls = stubServer();
    renderColumn();
    const formats = screen.getByRole('radiogroup', { name: 'Download format' });
    await waitFor(() =>
      expect(within(formats).getByRole('radio', { name: 'Plain' }).getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(within(formats).getByRole('radio', { name: 'Listing-ready' }));
    await waitFor(async () => expect((await readLocalSettings()).downloadFormat).toBe('listing'));
    const listing = 'GET /api/projects/p1/download?format=listing';

    // Cancel: nothing published, nothing downloaded.
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    let dialog = await screen.findByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
    expect(within(dialog).getByText(LISTING_SHARE_CONFIRM.description)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain('POST /api/projects/p1/share');
    expect(calls).not.toContain(listing);
    expect(saveClick).not.toHaveBeenCalled();

    // Confirm: the link is made, then the image downloads, and the share card shows the link.
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    dialog = await screen.findByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
    fireEvent.click(within(dialog).getByRole('button', { name: LISTING_SHARE_CONFIRM.confirm }));
    await waitFor(() => expect(calls).toContain(listing));
    expect(calls.indexOf('POST /api/projects/p1/share')).toBeLessThan(calls.indexOf(listing));
    await waitFor(() => expect(saveClick).toHaveBeenCalledTimes(1));
    expect(await screen.findByDisplayValue(link.url)).toBeTruthy();

    // Shared now: no question.
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveClick).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c === 'POST /api/projects/p1/share')).toHaveLength(1);
  });

  const flaggedCheck = {
    score: 0.6,
    flagged: true,
    regions: [],
    changesUrl: '/api/projects/p1/images/changes',
    changes: [],
    restored: [],
    opinion: null,
  };
  const flaggedProject = { ...project, structure: [flaggedCheck], structureWarning: STRUCTURE_WARNING };

  it('a flagged result is not listing-ready until chosen: Keep as concept, then it downloads; plain downloads do not ask', async () => {
    const calls = stubServer({ flagged: flaggedProject });
    renderColumn(createQueryClient(), flaggedProject);
    expect(screen.getByText(STRUCTURE_WARNING)).toBeTruthy();
    expect(screen.getByRole('region', { name: STRUCTURE_CHOICE.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveClick).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();

    const formats = screen.getByRole('radiogroup', { name: 'Download format' });
    fireEvent.click(within(formats).getByRole('radio', { name: 'Listing-ready' }));
    await waitFor(async () => expect((await readLocalSettings()).downloadFormat).toBe('listing'));
    const listing = 'GET /api/projects/p1/download?format=listing';
    // Cancel: nothing asked of the server.
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    let dialog = await screen.findByRole('dialog', { name: STRUCTURE_CHOICE.title });
    expect(within(dialog).getByText(STRUCTURE_CHOICE.description)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: STRUCTURE_CHOICE.restage })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain(listing);
    expect(calls).not.toContain('POST /api/projects/p1/concept');
    // Keep as concept: kept, then the share question, then the download.
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    dialog = await screen.findByRole('dialog', { name: STRUCTURE_CHOICE.title });
    fireEvent.click(within(dialog).getByRole('button', { name: STRUCTURE_CHOICE.keep }));
    dialog = await screen.findByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
    fireEvent.click(within(dialog).getByRole('button', { name: LISTING_SHARE_CONFIRM.confirm }));
    await waitFor(() => expect(calls).toContain(listing));
    expect(calls.indexOf('POST /api/projects/p1/concept')).toBeLessThan(calls.indexOf(listing));
    await waitFor(() => expect(saveClick).toHaveBeenCalledTimes(2));
  });

  it('a flagged result offers Restage: asked first (it spends a credit, the new name said), then a new project the view follows', async () => {
    const calls = stubServer({ flagged: flaggedProject });
    const onRestaged = vi.fn();
    renderColumn(createQueryClient(), flaggedProject, onRestaged);
    const choice = screen.getByRole('region', { name: STRUCTURE_CHOICE.title });
    fireEvent.click(within(choice).getByRole('button', { name: STRUCTURE_CHOICE.restage }));
    const dialog = await screen.findByRole('dialog', { name: RESTAGE_CONFIRM.title });
    expect(dialog.textContent).toContain("named 'Sunny lounge (restaged)'");
    expect(dialog.textContent).toContain('one credit');
    expect(calls).not.toContain('POST /api/projects/p1/restage');
    fireEvent.click(within(dialog).getByRole('button', { name: RESTAGE_CONFIRM.confirm }));
    await waitFor(() => expect(onRestaged).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' })));
    expect(calls).toContain('POST /api/projects/p1/restage');
    expect(calls).not.toContain('POST /api/projects/p1/concept');
  });

  it('a flagged result whose credit came back says so, and its Restage is free', async () => {
    const creditBack = { ...flaggedProject, creditReturned: true, freeRestage: true };
    stubServer({ flagged: creditBack });
    renderColumn(createQueryClient(), creditBack);
    const choice = screen.getByRole('region', { name: STRUCTURE_CHOICE.title });
    expect(within(choice).getByText(STRUCTURE_CREDIT_BACK.description)).toBeTruthy();
    fireEvent.click(within(choice).getByRole('button', { name: STRUCTURE_CREDIT_BACK.restageFree }));
    const dialog = await screen.findByRole('dialog', { name: RESTAGE_CONFIRM.title });
    expect(dialog.textContent).toContain('This one is free');
    expect(dialog.textContent).not.toContain('one credit');
  });

  it('a kept concept says so and asks nothing more, and the amber warning is gone', () => {
    stubServer();
    renderColumn(createQueryClient(), { ...flaggedProject, concept: true });
    expect(screen.getByRole('note', { name: CONCEPT_LABEL })).toBeTruthy();
    expect(screen.queryByRole('region', { name: STRUCTURE_CHOICE.title })).toBeNull();
    expect(screen.queryByText(STRUCTURE_WARNING)).toBeNull();
  });

  it('Keep as concept confirms that it was kept', async () => {
    stubServer({ flagged: flaggedProject });
    renderColumn(createQueryClient(), flaggedProject);
    const choice = screen.getByRole('region', { name: STRUCTURE_CHOICE.title });
    fireEvent.click(within(choice).getByRole('button', { name: STRUCTURE_CHOICE.keep }));
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain(STRUCTURE_KEPT.title));
  });

  it('says which two versions the slider compares; the list shows thumbnails', async () => {
    stubServer();
    renderColumn();
    await screen.findByText('Comparing v0 · Original photo with v1 · Staged result');
    // The version list shows 480 px thumbnails, not the 2048 px images.
    const list = screen.getByRole('list', { name: 'Versions' });
    expect([...list.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual([
      '/api/projects/p1/versions/0/image?size=thumb',
      '/api/projects/p1/versions/1/image?size=thumb',
    ]);
  });

  it('an edit with no credits left opens the paywall, as Generate does, instead of a red sentence', async () => {
    stubServer();
    renderColumn();
    const panel = await screen.findByRole('region', { name: 'Versions and edits' });
    fireEvent.change(within(panel).getByLabelText('Refine this result'), { target: { value: 'grey sofa' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Refine' }));
    await screen.findByText('paywall open');
    expect(within(panel).queryByRole('alert')).toBeNull();
    act(() => closePaywall());
  });

  it("a listing-ready download can follow another MLS's rules, picked for that download only", async () => {
    const calls = stubServer();
    await writeLocalSettings({ ...(await readLocalSettings()), downloadFormat: 'listing' });
    renderColumn();
    const select = await screen.findByRole('combobox', { name: DOWNLOAD_MLS_TEXTS.label });
    fireEvent.change(select, { target: { value: 'mls-now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog', { name: LISTING_SHARE_CONFIRM.title });
    fireEvent.click(within(dialog).getByRole('button', { name: LISTING_SHARE_CONFIRM.confirm }));
    await waitFor(() => expect(calls).toContain('GET /api/projects/p1/download?format=listing&mls=mls-now'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveClick).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c === 'GET /api/projects/p1/download?format=listing')).toHaveLength(1);
  });

  it('asks again when the server says the link is gone although this device thought it was shared', async () => {
    const calls = stubServer();
    const client = createQueryClient();
    client.setQueryData(projectShareQueryKey('p1'), { link });
    await writeLocalSettings({ ...(await readLocalSettings()), downloadFormat: 'listing' });
    renderColumn(client);
    await screen.findByDisplayValue(link.url);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Listing-ready' }).getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('dialog', { name: LISTING_SHARE_CONFIRM.title })).toBeTruthy();
    expect(calls).toContain('GET /api/projects/p1/download?format=listing');
    expect(saveClick).not.toHaveBeenCalled();
    expect(getToasts().filter((t) => t.title === 'Download Failed')).toEqual([]);
  });

  it("creates the link with 'Share with buyer', copies it without a share sheet, and revokes after confirmation", async () => {
    const calls = stubServer();
    renderColumn();
    fireEvent.click(await screen.findByRole('button', { name: 'Share with buyer' }));

    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link.url));
    expect(calls).toContain('POST /api/projects/p1/share');
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ title: 'Link Copied' }));
    expect(screen.getByLabelText<HTMLInputElement>('Share link').value).toBe(link.url);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this share link?' });
    // It says how many downloaded photos' QR codes or short addresses revoking breaks.
    await waitFor(() => expect(within(dialog).getByText(revokeConfirmText(2))).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(screen.queryByLabelText('Share link')).toBeNull());
    expect(calls).toContain('DELETE /api/projects/p1/share');
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ title: 'Link Revoked' }));
  });

  it('offers Pro users a 4K download and downloads with size=4k; Free users do not see it', async () => {
    document.cookie = 'stagely_auth=1';
    const calls = stubServer({ pro: true });
    renderColumn();
    const toggle = await screen.findByRole('button', { name: '4K' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toContain('GET /api/projects/p1/download?size=4k'));
    await waitFor(() => expect(saveClick).toHaveBeenCalled());
  });

  it('says what the 4K download will be before it is made: enlarged from the result size', async () => {
    document.cookie = 'stagely_auth=1';
    const plan = {
      source: 'enlarged',
      sourceLongEdge: 2048,
      label: export4kLabel('enlarged', 2048),
    } as const;
    const calls = stubServer({ pro: true, plan, madeFrom: { source: 'enlarged', px: 2048 } });
    renderColumn();
    fireEvent.click(await screen.findByRole('button', { name: '4K' }));
    const on = await screen.findByRole('button', { name: '4K, enlarged from 2048 px', pressed: true });
    expect(on.title).toMatch(/enlarged from 2048 px/);
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls).toContain('GET /api/projects/p1/download?size=4k'));
    await waitFor(() => expect(saveClick).toHaveBeenCalled());
    // What was promised is what came: nothing more to say.
    expect(getToasts().some((t) => t.title === '4K image enlarged')).toBe(false);
  });

  it('tells the user when an upscaled 4K was promised but the upscaler failed this time', async () => {
    document.cookie = 'stagely_auth=1';
    const plan = {
      source: 'upscaled',
      sourceLongEdge: 1536,
      label: export4kLabel('upscaled', 1536),
    } as const;
    stubServer({ pro: true, plan, madeFrom: { source: 'enlarged', px: 1536 } });
    renderColumn();
    fireEvent.click(await screen.findByRole('button', { name: '4K' }));
    await screen.findByRole('button', { name: '4K, AI-upscaled from 1536 px', pressed: true });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(getToasts().at(-1)).toMatchObject({ title: 'Preparing your 4K image' }));
    await waitFor(() =>
      expect(getToasts().at(-1)).toMatchObject({
        title: '4K image enlarged',
        description: export4kFallbackNotice(1536),
      }),
    );
  });

  it('shows no 4K switch to a Free user', async () => {
    document.cookie = 'stagely_auth=1';
    stubServer({ pro: false });
    const client = createQueryClient();
    renderColumn(client);
    // Once the limits have arrived (and rendered), a Free account still has no 4K switch.
    await waitFor(() =>
      expect(client.getQueryData(limitsQueryKey)).toMatchObject({ hasActiveSubscription: false }),
    );
    await screen.findByRole('radiogroup', { name: 'Download format' });
    expect(screen.queryByRole('button', { name: '4K' })).toBeNull();
  });
});
