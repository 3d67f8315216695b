import { describe, expect, it } from 'vitest';
import { checkStructure } from '../images';
import { makeRoom, renderRoom } from '../testing/synthetic-rooms';
import { structureDocOf } from './structure-doc';

describe("a result's stored check", () => {
  it('names a change found twice in one place once (two pieces of one window)', async () => {
    const spec = makeRoom(3);
    const check = await checkStructure(
      await renderRoom(spec, 'empty'),
      await renderRoom(spec, 'window-moved'),
    );
    const [window] = check.changes;
    expect(window?.name).toBe('the window in the middle');
    // The frame's top and its sill, found apart: one element, one place.
    const twice = { ...check, changes: [window!, { ...window!, region: { ...window!.region, y: 0.5 } }] };
    const doc = structureDocOf(twice, 'changes-0.png', ['the door on the left'], null);
    expect(doc.changes).toEqual(['The window in the middle was covered or filled in.']);
    expect(doc.restored).toEqual(['the door on the left']);
    expect(doc.flagged).toBe(true);
  });

  it('lists no changes for a result that passed', async () => {
    const spec = makeRoom(3);
    const empty = await renderRoom(spec, 'empty');
    const doc = structureDocOf(await checkStructure(empty, empty), 'changes-0.png', [], null);
    expect(doc).toMatchObject({ flagged: false, changes: [], restored: [] });
  });
});
