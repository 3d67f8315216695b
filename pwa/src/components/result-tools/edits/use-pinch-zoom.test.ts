import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePinchZoom } from './use-pinch-zoom';

const frame = new DOMRect(0, 0, 400, 300);
const at = (pointerId: number, x: number, isPrimary: boolean) => ({
  pointerId,
  clientX: x,
  clientY: 100,
  isPrimary,
});

describe('usePinchZoom', () => {
  it('takes a second finger as a pinch, and leaves one finger to paint', () => {
    const { result } = renderHook(() => usePinchZoom());
    expect(result.current.track('down', at(1, 100, true), frame)).toBe(false);
    expect(result.current.track('down', at(2, 200, false), frame)).toBe(true);
    expect(result.current.pinching()).toBe(true);
  });

  it("starts afresh on a primary finger, so an 'up' that never came does not turn every later touch into a pinch", () => {
    const { result } = renderHook(() => usePinchZoom());
    result.current.track('down', at(1, 100, true), frame);
    // Its 'up' is lost; the next touch is a new gesture's first finger.
    expect(result.current.track('down', at(2, 150, true), frame)).toBe(false);
    expect(result.current.pinching()).toBe(false);
  });
});
