// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pickToastEdge } from './toast-placement';

const PHONE = { height: 120, left: 0, right: 390 };
// At desktop width the column is 384 px wide at the right of a 1280 px window.
const DESKTOP = { height: 120, left: 896, right: 1280 };
const box = (top: number, bottom: number, left = 0, right = 390) => ({ top, bottom, left, right });
const none = { boxes: [], keepClear: [] };

describe('pickToastEdge', () => {
  it('keeps toasts at the bottom when nothing marked is there', () => {
    expect(pickToastEdge(PHONE, 844, none)).toBe('bottom');
    expect(pickToastEdge(PHONE, 844, { boxes: [box(0, 500)], keepClear: [] })).toBe('bottom');
  });
  it('moves them to the top when at the bottom they would cover a progress or a comparison', () => {
    expect(pickToastEdge(PHONE, 844, { boxes: [box(300, 800)], keepClear: [] })).toBe('top');
  });
  it('picks the edge that covers less when both would cover something', () => {
    expect(pickToastEdge(PHONE, 844, { boxes: [box(-100, 840)], keepClear: [] })).toBe('bottom');
    expect(pickToastEdge(PHONE, 844, { boxes: [box(100, 900)], keepClear: [] })).toBe('top');
  });
  it('never covers a slider handle when the other edge leaves it free, whatever the boxes', () => {
    // The handle of a tall comparison near the bottom: the top covers more of the comparison, yet wins.
    const comparison = box(-400, 900);
    const handle = box(760, 804, 173, 217);
    expect(pickToastEdge(PHONE, 844, { boxes: [comparison], keepClear: [handle] })).toBe('top');
    expect(pickToastEdge(PHONE, 844, { boxes: [comparison], keepClear: [box(400, 444)] })).toBe('bottom');
  });
  it('at desktop width, moves only for a handle under the column, not for one beside it', () => {
    expect(pickToastEdge(DESKTOP, 900, { boxes: [], keepClear: [box(810, 854, 875, 919)] })).toBe('top');
    expect(pickToastEdge(DESKTOP, 900, { boxes: [], keepClear: [box(810, 854, 600, 644)] })).toBe('bottom');
  });
});
