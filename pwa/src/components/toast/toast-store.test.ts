// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, showToast } from './toast-store';

describe('toast store', () => {
  afterEach(() => {
    for (const t of getToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('shows at most one toast: a new one replaces the current', () => {
    showToast({ title: 'First' });
    showToast({ title: 'Second', description: 'two' });
    expect(getToasts().map((t) => t.title)).toEqual(['Second']);
  });

  it('removes a toast after 5000 ms by default', () => {
    vi.useFakeTimers();
    showToast({ title: 'Saved' });
    vi.advanceTimersByTime(4999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('the timer of a replaced toast does not remove its successor', () => {
    vi.useFakeTimers();
    showToast({ title: 'Old' });
    vi.advanceTimersByTime(3000);
    showToast({ title: 'New' });
    vi.advanceTimersByTime(2500);
    expect(getToasts().map((t) => t.title)).toEqual(['New']);
  });
});
