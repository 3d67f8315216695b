import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Project } from '@shared/api';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testProject } from '../../../testing/projects';
import { ProjectDetails } from './project-details';

/** The details render the project's Rename, which needs a query client. */
const show = (project: Project) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ProjectDetails project={project} />
    </QueryClientProvider>,
  );

describe('ProjectDetails', () => {
  it('says in plain view that a preview-engine result is not really staged', () => {
    show(testProject({ engine: 'preview', status: 'completed' }));
    expect(screen.getByRole('note').textContent).toBe(
      'Made in preview mode: no AI provider was connected, so this photo is only a colour-tinted copy, not really staged.',
    );
    // The badge is text anyone sees, not a hover tooltip.
    expect(screen.getByText('Preview', { exact: true }).getAttribute('title')).toBeNull();
  });

  it.each(['pending', 'processing'] as const)(
    'while %s, says preview mode is on now, not that a result was made',
    (status) => {
      show(testProject({ engine: 'preview', status }));
      expect(screen.getByRole('note').textContent).toBe(
        'Preview mode: no AI provider is connected, so the photo is not really staged.',
      );
    },
  );

  it('claims no preview result for a failed preview project (nothing was made)', () => {
    show(testProject({ engine: 'preview', status: 'failed' }));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows no preview notice for a result made by an AI provider', () => {
    show(testProject({ engine: 'openai', status: 'completed' }));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText('Preview', { exact: true })).toBeNull();
  });
});

describe('ProjectDetails room type after staging', () => {
  it('corrects a misread room type on the result (PATCH), so the modes that suit it are offered', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
      if (path === '/api/projects/p1' && init.method === 'PATCH') {
        const body = JSON.parse(init.body as string) as { roomType: string };
        sent.push(body);
        return Promise.resolve(
          new Response(JSON.stringify(testProject({ id: 'p1', status: 'completed', roomType: 'exterior' })), {
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }
      return Promise.resolve(new Response('{"error":"not_found","message":"Not found."}', { status: 404 }));
    });
    show(testProject({ id: 'p1', status: 'completed', roomType: 'living-room' }));
    const room = screen.getByLabelText('Room');
    expect((room as HTMLSelectElement).value).toBe('living-room');
    fireEvent.change(room, { target: { value: 'exterior' } });
    await waitFor(() => expect(sent).toEqual([{ roomType: 'exterior' }]));
    vi.unstubAllGlobals();
  });

  it('shows the room type as text while the result is not finished', () => {
    show(testProject({ status: 'processing', roomType: 'kitchen' }));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Kitchen')).toBeTruthy();
  });
});
