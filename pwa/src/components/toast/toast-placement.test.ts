// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pickToastEdge } from './toast-placement';

const box = (top: number, bottom: number) => ({ top, bottom }) as DOMRect;

describe('pickToastEdge', () => {
  it('keeps toasts at the bottom when nothing marked is there', () => {
    expect(pickToastEdge(120, 844, [])).toBe('bottom');
    expect(pickToastEdge(120, 844, [box(0, 500)])).toBe('bottom');
  });
  it('moves them to the top when at the bottom they would cover a progress or a comparison', () => {
    expect(pickToastEdge(120, 844, [box(300, 800)])).toBe('top');
  });
  it('picks the edge that covers less when both would cover something', () => {
    expect(pickToastEdge(120, 844, [box(-100, 840)])).toBe('bottom');
    expect(pickToastEdge(120, 844, [box(100, 900)])).toBe('top');
  });
});
