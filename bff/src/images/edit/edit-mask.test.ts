import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compositeEdit, fillFromSurroundings, renderPaintMask } from './edit-mask';

const STROKE = {
  erase: false,
  size: 0.1,
  points: [[0.3, 0.5] as [number, number], [0.7, 0.5] as [number, number]],
};

describe('edit masks', () => {
  it('fills the painted area from its surroundings (a plain wall stays that colour)', async () => {
    const wall = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a0b0c0' } })
      .composite([
        {
          input: { create: { width: 120, height: 20, channels: 3, background: '#101010' } },
          top: 90,
          left: 90,
        },
      ])
      .png()
      .toBuffer();
    const mask = await renderPaintMask([STROKE], 300, 200);
    const filled = await sharp(await fillFromSurroundings(wall, mask))
      .raw()
      .toBuffer();
    const at = (x: number, y: number) => [...filled.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)];
    // The dark object under the paint is gone: the fill is the wall's colour.
    for (const [x, y] of [
      [150, 100],
      [100, 100],
      [200, 95],
    ] as const)
      for (const [c, want] of at(x, y).map((v, i) => [v, [0xa0, 0xb0, 0xc0][i]!] as const))
        expect(Math.abs(c - want)).toBeLessThanOrEqual(3);
  });

  it('an eraser stroke takes paint away', async () => {
    const mask = await renderPaintMask([STROKE, { ...STROKE, erase: true, size: 0.2 }], 300, 200);
    expect(mask.data.some((v) => v > 0)).toBe(false);
  });

  it('keeps every pixel outside the paint and its margin', async () => {
    const base = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const red = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const mask = await renderPaintMask([STROKE], 300, 200);
    const out = await sharp(await compositeEdit(base, red, mask))
      .raw()
      .toBuffer();
    const px = (x: number, y: number) => [...out.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)];
    expect(px(150, 100)).toEqual([255, 0, 0]);
    expect(px(150, 20)).toEqual([0x33, 0x66, 0x99]);
    expect(px(10, 100)).toEqual([0x33, 0x66, 0x99]);
  });
});
