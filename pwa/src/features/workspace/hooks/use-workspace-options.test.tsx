import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { Limits } from '@shared/api';
import { DEFAULT_LOCAL_SETTINGS } from '@shared/domain';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '../../../lib/auth';
import { limitsQueryKey } from '../../../lib/limits';
import { createQueryClient } from '../../../lib/query-client';
import { localSettingsQueryKey } from '../../../offline/settings';
import { useWorkspaceOptions } from './use-workspace-options';

function optionsFor(pro: boolean) {
  const client = createQueryClient();
  client.setQueryData(localSettingsQueryKey, {
    ...DEFAULT_LOCAL_SETTINGS,
    defaultRoomType: 'bedroom',
    defaultStyle: 'coastal',
  });
  client.setQueryData<Limits>(limitsQueryKey, {
    hasActiveSubscription: pro,
    generationsUsed: 0,
    maxGenerations: pro ? 'unlimited' : 10,
    canGenerate: true,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useWorkspaceOptions(), { wrapper }).result;
}

describe('the workspace options preset from the saved default style', () => {
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1`;
  });
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  it('keeps a Pro default for a Pro account', async () => {
    const result = optionsFor(true);
    await waitFor(() => expect(result.current[0].stylePreset).toBe('coastal'));
  });

  it('starts in Modern when the account is no longer Pro', async () => {
    const result = optionsFor(false);
    // The room type shows the saved defaults were applied.
    await waitFor(() => expect(result.current[0].roomType).toBe('bedroom'));
    expect(result.current[0].stylePreset).toBe('modern');
  });
});
