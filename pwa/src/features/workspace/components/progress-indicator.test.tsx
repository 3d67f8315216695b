import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressIndicator } from './progress-indicator';

describe('ProgressIndicator', () => {
  it('shows the percentage and the remaining share of 30 seconds while processing', () => {
    render(<ProgressIndicator status="processing" progress={40} engine="openai" />);
    expect(screen.getByText('40%')).toBeTruthy();
    expect(screen.getByText('~18 seconds remaining')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Staging progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
  });

  it('says an AI model is staging with an AI provider, and claims no AI for a preview', () => {
    const { rerender } = render(<ProgressIndicator status="processing" progress={40} engine="openai" />);
    expect(screen.getByText('AI model is analyzing and staging your room...')).toBeTruthy();
    rerender(<ProgressIndicator status="processing" progress={40} engine="preview" />);
    expect(screen.getByText('Making a colour-tinted preview of your photo...')).toBeTruthy();
    expect(screen.queryByText(/\bAI\b/)).toBeNull();
  });

  it('says Finalizing... at 100% while still unfinished', () => {
    render(<ProgressIndicator status="processing" progress={100} engine="openai" />);
    expect(screen.getByText('Finalizing...')).toBeTruthy();
  });

  it('shows the queued text for a pending project', () => {
    render(<ProgressIndicator status="pending" progress={0} engine="openai" />);
    expect(screen.getByText('Queued for processing')).toBeTruthy();
    expect(screen.getByText('~30 seconds remaining')).toBeTruthy();
  });

  it('drops the estimate once finished and shows a failure sentence', () => {
    const { rerender } = render(<ProgressIndicator status="completed" progress={100} engine="openai" />);
    expect(screen.getByText('Staging completed successfully')).toBeTruthy();
    expect(screen.queryByText(/remaining|Finalizing/)).toBeNull();
    rerender(
      <ProgressIndicator
        status="failed"
        progress={0}
        engine="openai"
        error="The photo could not be staged."
      />,
    );
    expect(screen.getByText('Processing failed')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The photo could not be staged.');
  });
});
