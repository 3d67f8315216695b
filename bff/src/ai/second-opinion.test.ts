import { describe, expect, it } from 'vitest';
import { MIN_PHOTO_SHORT_EDGE } from '@shared/domain';
import { checkStructure, type StructureCheck } from '../images';
import { anotherRoom } from '../testing/another-room';
import { FAKE_OPINIONS } from '../testing/fake-structure-review';
import { renderRoom, roomAtLeast } from '../testing/synthetic-rooms';
import { uncertainFlag, withOpinion } from './second-opinion';

const room = roomAtLeast(MIN_PHOTO_SHORT_EDGE);
const opinion = (verdict: 'changed' | 'kept') => ({
  ...FAKE_OPINIONS[verdict],
  elements: [...FAKE_OPINIONS[verdict].elements],
});

/** The local check's verdict, with its one change made weaker (as a faint finding is). */
const weakened = (check: StructureCheck, strength: number): StructureCheck => ({
  ...check,
  changes: check.changes.slice(0, 1).map((c) => ({ ...c, found: { ...c.found, strength } })),
});

describe("the verdict with a vision model's second opinion", () => {
  it("'changed' flags a result the local check cleared", async () => {
    const photo = await renderRoom(room, 'empty');
    const clear = await checkStructure(photo, await renderRoom(room, 'furnished'));
    expect(clear.flagged).toBe(false);
    const after = withOpinion(clear, opinion('changed'));
    expect(after.flagged).toBe(true);
    expect(after.score).toBeLessThan(0.89);
    expect(withOpinion(clear, opinion('kept')).flagged).toBe(false);
  });

  it("'kept' clears one faint change in one place, never another room nor a clear change", async () => {
    const photo = await renderRoom(room, 'empty');
    const moved = await checkStructure(photo, await renderRoom(room, 'window-moved'));
    expect(moved.flagged).toBe(true);
    const faint = weakened(moved, 0.5);
    expect(uncertainFlag(faint)).toBe(true);
    expect(withOpinion(faint, opinion('kept')).flagged).toBe(false);
    expect(withOpinion(weakened(moved, 0.9), opinion('kept')).flagged).toBe(true);
    const other = await checkStructure(photo, await anotherRoom(room));
    expect(other.changes.some((c) => c.element === 'room')).toBe(true);
    expect(uncertainFlag(other)).toBe(false);
    expect(withOpinion(other, opinion('kept')).flagged).toBe(true);
  });
});
