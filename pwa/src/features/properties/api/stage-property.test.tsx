import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { json } from '../../../testing/api';
import { useStageProperty, type StageRun } from './stage-property';

const run: StageRun = {
  request: {
    roomIds: ['r1', 'r2'],
    stylePreset: 'modern',
    colorPalette: 'neutral-warm',
    customPrompt: undefined,
  },
  key: 'run-key-1',
};

function stageHook() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useStageProperty('p1'), { wrapper }).result;
}

describe('useStageProperty', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a lost run again under the same Idempotency-Key, so the server makes it once', async () => {
    const keys: (string | null)[] = [];
    let calls = 0;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      if (!input.endsWith('/api/properties/p1/stage')) return json({});
      keys.push(new Headers(init.headers).get('Idempotency-Key'));
      calls += 1;
      // The first answer is lost on the way back.
      if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return json({ rooms: [{ roomId: 'r1', projectId: 'j1' }] }, 201);
    });
    const result = stageHook();
    result.current.mutate(run);
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5000 });
    expect(keys).toEqual(['run-key-1', 'run-key-1']);
  });

  it('does not resend a refusal: a 402 is the answer', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', (input: string) => {
      if (!input.endsWith('/stage')) return json({});
      calls += 1;
      return json({ error: 'needs_subscription', message: 'Staging 2 rooms needs 2 credits.' }, 402);
    });
    const result = stageHook();
    result.current.mutate(run);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toBe(1);
    expect(result.current.error?.message).toBe('Staging 2 rooms needs 2 credits.');
  });
});
