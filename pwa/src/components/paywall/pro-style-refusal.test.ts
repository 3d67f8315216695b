import { act, renderHook } from '@testing-library/react';
import { PRO_STYLE_CODE, PRO_STYLE_TITLE, proStyleMessage } from '@shared/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { closePaywall, usePaywallOpen, usePaywallReason } from './paywall-store';
import { openPaywallForProStyle } from './pro-style-refusal';

describe('a Pro style refused by the server', () => {
  afterEach(() => act(() => closePaywall()));

  it('opens the paywall with the server sentence', () => {
    const view = renderHook(() => ({ open: usePaywallOpen(), reason: usePaywallReason() }));
    const message = proStyleMessage('bohemian');
    act(() => {
      expect(openPaywallForProStyle(new ApiError(403, PRO_STYLE_CODE, message, {}))).toBe(true);
    });
    expect(view.result.current).toEqual({ open: true, reason: { title: PRO_STYLE_TITLE, message } });
  });

  it('leaves other refusals to their own handling', () => {
    const view = renderHook(() => usePaywallOpen());
    act(() => {
      expect(openPaywallForProStyle(new ApiError(403, 'forbidden', 'No.', {}))).toBe(false);
      expect(openPaywallForProStyle(new Error('offline'))).toBe(false);
    });
    expect(view.result.current).toBe(false);
  });
});
