import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Project } from '@shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { comparisonTitle } from '../../../components/comparison';
import { createQueryClient } from '../../../lib/query-client';
import { testProject } from '../../../testing/projects';
import { DRAFT_TEXTS } from '../workspace-messages';
import { ResultColumn } from './result-column';

const DRAFT_URL = '/api/projects/p1/images/draft';
const staging = testProject({
  name: 'Sunny lounge',
  status: 'processing',
  progress: '60',
  draft: [DRAFT_URL],
});
const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));

function column(project: Project) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ResultColumn project={project} status={null} previewUrl={null} creating={false} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}
let client = createQueryClient();

describe('a staging shows its draft until the final replaces it', () => {
  beforeEach(() => {
    client = createQueryClient();
    vi.stubGlobal('fetch', (path: string) =>
      path === '/api/user/limits'
        ? json({ hasActiveSubscription: false, generationsUsed: 1, maxGenerations: 5, canGenerate: true })
        : path === '/api/projects/p1/versions'
          ? json({ versions: [], editing: false, editError: null })
          : Promise.resolve(new Response('{}', { status: 404 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marked Draft in the comparison, with the sentence and Keep as a concept, never a Download', () => {
    const { rerender } = render(column(staging));
    const panel = screen.getByRole('region', { name: comparisonTitle('Sunny lounge') });
    expect(within(panel).getByText(DRAFT_TEXTS.badge)).toBeTruthy();
    const note = within(panel).getByRole('note');
    expect(note.textContent).toContain(DRAFT_TEXTS.note);
    const keep = within(note).getByRole('link', { name: DRAFT_TEXTS.keep });
    expect(keep.getAttribute('href')).toBe(DRAFT_URL);
    expect(keep.getAttribute('download')).toBe('Sunny-lounge-draft-concept.jpg');
    expect(within(panel).queryByRole('button', { name: 'Download' })).toBeNull();
    expect(panel.querySelector(`img[src="${DRAFT_URL}"]`)).not.toBeNull();

    // The final arrives: the same place shows it, with its Download, and no trace of the draft.
    const staged = '/api/projects/p1/images/staged';
    rerender(
      column({
        ...staging,
        status: 'completed',
        progress: '100',
        stagedImageUrl: staged,
        variants: [staged],
        draft: [],
      }),
    );
    const final = screen.getByRole('region', { name: comparisonTitle('Sunny lounge') });
    expect(within(final).queryByText(DRAFT_TEXTS.badge)).toBeNull();
    expect(screen.queryByText(DRAFT_TEXTS.note)).toBeNull();
    expect(within(final).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(final.querySelector(`img[src="${staged}"]`)).not.toBeNull();
  });

  it('multi-view: its drafts side by side, one per option', () => {
    const drafts = [0, 1, 2].map((i) => `${DRAFT_URL}?variant=${i}`);
    render(column({ ...staging, stagingMode: 'multi-view', draft: drafts }));
    const options = screen.getByRole('group', { name: 'Staging options' });
    expect([...options.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(drafts);
    expect(screen.getByText(DRAFT_TEXTS.badge)).toBeTruthy();
  });

  it('a failed staging shows no draft', () => {
    render(column({ ...staging, status: 'failed', error: 'No.' }));
    expect(screen.queryByText(DRAFT_TEXTS.note)).toBeNull();
  });
});
