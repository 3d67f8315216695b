import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ProjectVersion, VersionList } from '@shared/api';
import { STRUCTURE_CREDIT_BACK, STRUCTURE_EDIT_CHOICE } from '@shared/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { testProject } from '../../../testing/projects';
import { VersionsPanel } from './versions-panel';

const version = (number: number, over: Partial<ProjectVersion> = {}): ProjectVersion => ({
  number,
  kind: number === 0 ? 'original' : number === 1 ? 'staging' : 'refine',
  instruction: number > 1 ? 'make the sofa grey' : null,
  imageUrl: `/api/projects/p1/versions/${number}/image`,
  current: false,
  alterations: [],
  note: null,
  madeFrom: number > 1 ? 1 : null,
  flagged: false,
  concept: false,
  creditReturned: false,
  freeRetry: false,
  createdAt: '2026-11-22T12:00:00.000Z',
  ...over,
});

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

/** A project whose v2 (a refine, or a removal) changed the room; the server answers as the real one does. */
function stubServer(kind: 'refine' | 'remove' = 'refine', creditReturned = false, freeRetry = false) {
  const calls: string[] = [];
  let versions = [
    version(0),
    version(1),
    version(2, {
      kind,
      current: true,
      flagged: true,
      creditReturned,
      freeRetry,
      instruction: kind === 'refine' ? 'make the sofa grey' : null,
    }),
  ];
  const list = (): VersionList => ({ versions, editing: false, editError: null });
  const setCurrent = (n: number) => (versions = versions.map((v) => ({ ...v, current: v.number === n })));
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${path}${typeof init.body === 'string' ? ` ${init.body}` : ''}`);
    if (path === '/api/projects/p1/versions') return json(list());
    const one = /^\/api\/projects\/p1\/versions\/(\d+)$/.exec(path);
    if (one && method === 'PATCH') {
      setCurrent(Number(one[1]));
      return json(list());
    }
    if (one && method === 'DELETE') {
      versions = versions.filter((v) => v.number !== Number(one[1]));
      return json({ ok: true });
    }
    if (path === '/api/projects/p1/edits' && method === 'POST')
      return json({ ...list(), editing: true }, 202);
    if (path === '/api/projects/p1/concept' && method === 'POST') {
      versions = versions.map((v) => (v.current ? { ...v, concept: true, creditReturned: false } : v));
      return json(testProject({ status: 'completed', concept: true }));
    }
    return json({ error: 'not_found', message: 'Not found.' }, 404);
  });
  return calls;
}

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <VersionsPanel projectId="p1" roomType="living-room" compared={null} onCompare={() => undefined} />
    </QueryClientProvider>,
  );
}

const choice = () => screen.findByRole('region', { name: STRUCTURE_EDIT_CHOICE.title });
const button = async (name: string) => within(await choice()).getByRole('button', { name });

describe('an edit whose result changed the room', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers Try again, Keep as concept and Delete; Try again makes the same refine from the version it came from', async () => {
    const calls = stubServer();
    renderPanel();
    expect(within(await choice()).getByText(STRUCTURE_EDIT_CHOICE.description)).toBeTruthy();
    expect(screen.getByText(STRUCTURE_EDIT_CHOICE.flaggedTag)).toBeTruthy();
    fireEvent.click(await button(STRUCTURE_EDIT_CHOICE.retry));
    await waitFor(() =>
      expect(calls).toContain(
        'POST /api/projects/p1/edits {"kind":"refine","instruction":"make the sofa grey","retryOf":2}',
      ),
    );
    const back = calls.indexOf('PATCH /api/projects/p1/versions/1 {"current":true}');
    expect(back).toBeGreaterThan(-1);
    expect(back).toBeLessThan(calls.findIndex((c) => c.startsWith('POST /api/projects/p1/edits')));
  });

  it('Try again after a removal goes back to its version and opens the brush to paint again', async () => {
    const calls = stubServer('remove');
    renderPanel();
    fireEvent.click(await button(STRUCTURE_EDIT_CHOICE.retry));
    await screen.findByLabelText('Paint what should go');
    expect(calls).toContain('PATCH /api/projects/p1/versions/1 {"current":true}');
    expect(calls.some((c) => c.startsWith('POST /api/projects/p1/edits'))).toBe(false);
  });

  it('Delete goes back to the version it was made from and deletes it; Keep marks it a concept', async () => {
    let calls = stubServer();
    renderPanel();
    fireEvent.click(await button(STRUCTURE_EDIT_CHOICE.remove));
    await waitFor(() => expect(calls).toContain('DELETE /api/projects/p1/versions/2'));
    expect(calls.indexOf('PATCH /api/projects/p1/versions/1 {"current":true}')).toBeLessThan(
      calls.indexOf('DELETE /api/projects/p1/versions/2'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: STRUCTURE_EDIT_CHOICE.title })).toBeNull(),
    );
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    calls = stubServer();
    renderPanel();
    fireEvent.click(await button(STRUCTURE_EDIT_CHOICE.keep));
    await waitFor(() => expect(calls).toContain('POST /api/projects/p1/concept'));
    await screen.findByText(STRUCTURE_EDIT_CHOICE.conceptTag);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: STRUCTURE_EDIT_CHOICE.title })).toBeNull(),
    );
  });

  it('says when its Try again is free, as a flagged staging says its Restage is', async () => {
    stubServer('refine', true, true);
    renderPanel();
    const status = within(await choice()).getByRole('status');
    expect(status.textContent).toContain(STRUCTURE_EDIT_CHOICE.creditBackRetryFree);
    fireEvent.click(await button(STRUCTURE_EDIT_CHOICE.retryFree));
    await screen.findByText(STRUCTURE_EDIT_CHOICE.retrying);
  });

  it('says when the flagged edit gave its credit back, and not when it did not', async () => {
    stubServer('refine', true);
    renderPanel();
    const status = within(await choice()).getByRole('status');
    expect(status.textContent).toContain(STRUCTURE_CREDIT_BACK.title);
    expect(status.textContent).toContain(STRUCTURE_EDIT_CHOICE.creditBack);
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    stubServer();
    renderPanel();
    await choice();
    expect(screen.queryByText(STRUCTURE_EDIT_CHOICE.creditBack, { exact: false })).toBeNull();
  });
});
