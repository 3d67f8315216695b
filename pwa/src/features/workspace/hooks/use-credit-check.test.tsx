import { QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { Limits } from '@shared/api';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closePaywall, openPaywall } from '../../../components/paywall';
import { limitsQueryKey } from '../../../lib/limits';
import { createQueryClient } from '../../../lib/query-client';
import { useCreditCheck } from './use-credit-check';

vi.mock('../../../components/paywall', () => ({ openPaywall: vi.fn(), closePaywall: vi.fn() }));

const limits = (canGenerate: boolean): Limits => ({
  hasActiveSubscription: false,
  generationsUsed: canGenerate ? 4 : 5,
  maxGenerations: 5,
  canGenerate,
});

function check(cached: Limits) {
  const client = createQueryClient();
  client.setQueryData(limitsQueryKey, cached);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCreditCheck(), { wrapper }).result.current();
}

describe('useCreditCheck offline', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
    document.cookie = 'stagely_auth=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    closePaywall();
  });

  it('answers at once from the cached limits instead of waiting for the network', async () => {
    document.cookie = 'stagely_auth=1';
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(check(limits(true))).resolves.toBe(true);
    await expect(check(limits(false))).resolves.toBe(false);
    expect(openPaywall).toHaveBeenCalledTimes(1);
  });
});
