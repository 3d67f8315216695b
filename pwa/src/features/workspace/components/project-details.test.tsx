import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Project } from '@shared/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
