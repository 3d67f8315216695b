import { describe, expect, it } from 'vitest';
import type { MaskStroke } from '@shared/api';
import { checkStructure, renderPaintMask } from '../images';
import { makeRoom, renderRoom } from '../testing/synthetic-rooms';
import { editIntent, meantBy } from './edit-intent';

/** A brush stroke across a box of the room (pixels), as thick as the box is high. */
function strokeOver(box: { x: number; y: number; w: number; h: number }, width: number, height: number) {
  const y = (box.y + box.h / 2) / height;
  const stroke: MaskStroke = {
    erase: false,
    size: Math.min(0.5, (box.h * 1.1) / width),
    points: [
      [box.x / width, y],
      [(box.x + box.w) / width, y],
    ],
  };
  return [stroke];
}

describe('the structure check on an edit: only changes outside what it was meant to change count', () => {
  const spec = makeRoom(3);
  const paintOver = (box: { x: number; y: number; w: number; h: number }) =>
    renderPaintMask(strokeOver(box, spec.width, spec.height), spec.width, spec.height);

  it('flags a removal whose result moved a window outside the painted area, naming it', async () => {
    const [before, after] = [await renderRoom(spec, 'empty'), await renderRoom(spec, 'window-moved')];
    // Painted low on the floor, far from the window.
    const floor = { x: spec.width * 0.4, y: spec.height * 0.85, w: spec.width * 0.2, h: spec.height * 0.08 };
    const mask = await paintOver(floor);
    const check = await checkStructure(before, after, meantBy('remove', mask));
    expect(check.flagged).toBe(true);
    expect(check.changes.map((c) => c.name)).toEqual(['the window in the middle']);
  });

  it('does not flag a removal that changed only what was painted (the window under the paint)', async () => {
    const [before, after] = [await renderRoom(spec, 'empty'), await renderRoom(spec, 'window-moved')];
    const mask = await paintOver(spec.window);
    const check = await checkStructure(before, after, meantBy('remove', mask));
    expect(check.changes).toEqual([]);
    expect(check.flagged).toBe(false);
  });

  it('counts every change of a refine (it restyles furniture, never the room) and sets aside declared elements', async () => {
    const [before, after] = [await renderRoom(spec, 'empty'), await renderRoom(spec, 'wall-recoloured')];
    expect(editIntent('refine')).toEqual({ painted: false, elements: [] });
    expect((await checkStructure(before, after, meantBy('refine', null))).flagged).toBe(true);
    // Wall paint: its walls' colour is what it was meant to change.
    expect(editIntent('paint').elements).toEqual(['wall-colour']);
    const paint = await checkStructure(before, after, meantBy('paint', null));
    expect(paint.changes.map((c) => c.element)).not.toContain('wall-colour');
    // An exterior's sky is no ceiling: its clouds are not judged as ceiling lights.
    expect(meantBy('sky', null, 'exterior').outdoors).toBe(true);
    expect(meantBy('paint', null, 'living-room').outdoors).toBeUndefined();
  });
});
