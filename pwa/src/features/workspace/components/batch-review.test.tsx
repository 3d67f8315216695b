import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchItem } from '../batch';
import { createQueryClient } from '../../../lib/query-client';
import { BatchReview } from './batch-review';

const item = (n: number, status: BatchItem['status']): BatchItem => ({
  id: `i${n}`,
  file: null,
  originalUrl: null,
  name: `photo-${n}`,
  roomType: null,
  detection: null,
  thumbnailUrl: null,
  status,
  progress: status === 'completed' ? 100 : 0,
  error: null,
  projectId: status === 'completed' ? `p${n}` : null,
  stagedImageUrl: null,
  waiting: null,
  refused: false,
});

describe('BatchReview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("downloads every finished photo of the batch with 'Download all'", async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      if (path.includes('/download')) asked.push(path);
      return Promise.resolve(
        path.includes('/download')
          ? new Response(new Uint8Array(8), { headers: { 'Content-Type': 'image/jpeg' } })
          : new Response('{"error":"not_found","message":"Not found."}', { status: 404 }),
      );
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    HTMLAnchorElement.prototype.click = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BatchReview
          items={[item(1, 'completed'), item(2, 'failed'), item(3, 'completed')]}
          selectedId={null}
          onSelect={() => undefined}
        />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download all 2 photos' }));
    await waitFor(() => expect(asked).toEqual(['/api/projects/p1/download', '/api/projects/p3/download']));
  });
});
