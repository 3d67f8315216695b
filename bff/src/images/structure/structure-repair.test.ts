import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkStructure, namedOnce, prepareForStructureCheck } from './structure-check';
import { repairable, repairStructure } from './structure-repair';
import { ceilingLightSvg, fireplaceSvg } from '../../testing/synthetic-fixtures';
import { makeRoom, renderRoom, roomSvg, windowSvg } from '../../testing/synthetic-rooms';
import { wallpaperSvg } from '../../testing/synthetic-surfaces';

type Rect = { x: number; y: number; w: number; h: number };

/** Mean absolute difference (0..255) of two images over a rectangle. */
async function difference(a: Buffer, b: Buffer, r: Rect): Promise<number> {
  const crop = (img: Buffer) =>
    sharp(img).extract({ left: r.x, top: r.y, width: r.w, height: r.h }).removeAlpha().raw().toBuffer();
  const [pa, pb] = await Promise.all([crop(a), crop(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs((pa[i] ?? 0) - (pb[i] ?? 0));
  return sum / pa.length;
}

/** Stripes: a bookcase's shelves, textured as furniture is. */
const bookcase = (w: number, h: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#5b3a1e"/>${Array.from(
      { length: Math.floor(h / 14) },
      (_, i) => `<rect x="3" y="${i * 14 + 3}" width="${w - 6}" height="8" fill="#c9a36b"/>`,
    ).join('')}</svg>`,
  );

describe('structure repair', () => {
  it('puts a filled-in window back and leaves the bookcase standing beside it untouched', async () => {
    const spec = makeRoom(3);
    const empty = await renderRoom(spec, 'empty');
    const win = {
      x: Math.round(spec.window.x),
      y: Math.round(spec.window.y),
      w: Math.round(spec.window.w),
      h: Math.round(spec.window.h),
    };
    const { data } = await sharp(empty).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) =>
      Array.from(data.subarray((y * spec.width + x) * 3, (y * spec.width + x) * 3 + 3));
    // The wall just left of the window paints it over, as a model does.
    const [r, g, b] = at(Math.max(0, win.x - 12), win.y + Math.round(win.h / 2));
    const pad = 6;
    const cover = { x: win.x - pad, y: win.y - pad, w: win.w + 2 * pad, h: win.h + 2 * pad };
    const shelf: Rect = {
      x: win.x + win.w + pad + 4,
      y: win.y - 10,
      w: Math.round(win.w * 0.4),
      h: win.h + 40,
    };
    const result = await sharp(empty)
      .composite([
        {
          input: {
            create: {
              width: cover.w,
              height: cover.h,
              channels: 3,
              background: { r: r ?? 0, g: g ?? 0, b: b ?? 0 },
            },
          },
          left: cover.x,
          top: cover.y,
        },
        { input: bookcase(shelf.w, shelf.h), left: shelf.x, top: shelf.y },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    const prepared = await prepareForStructureCheck(empty);
    const check = await checkStructure(prepared, result);
    expect(check.changes.map((c) => c.name)).toEqual(['the window in the middle']);
    expect(repairable(check)).toBe(true);

    const repair = await repairStructure(empty, result, check);
    expect(repair?.restored).toEqual(['the window in the middle']);
    const repaired = repair?.image ?? Buffer.alloc(0);
    const glass = { x: win.x + 4, y: win.y + 4, w: win.w - 8, h: win.h - 8 };
    // Before the repair the window is gone; after it, it is back (close to the photo's pixels).
    expect(await difference(result, empty, glass)).toBeGreaterThan(20);
    expect(await difference(repaired, empty, glass)).toBeLessThan(8);
    // The bookcase beside it is as the result had it.
    expect(await difference(repaired, result, shelf)).toBeLessThan(3);
    // And the repaired result passes the check.
    expect((await checkStructure(prepared, repaired)).flagged).toBe(false);
  });

  it('puts a ceiling light taken away back, and the fireplace and furniture stay as the result had them', async () => {
    const spec = makeRoom(7);
    const photo = await renderRoom(spec, 'empty', fireplaceSvg(spec) + ceilingLightSvg(spec));
    const result = await renderRoom(spec, 'furnished', fireplaceSvg(spec));
    const prepared = await prepareForStructureCheck(photo);
    const check = await checkStructure(prepared, result);
    expect(check.changes.map((c) => c.name)).toEqual(['the ceiling light in the middle']);
    expect(repairable(check)).toBe(true);

    const repair = await repairStructure(photo, result, check);
    expect(repair?.restored).toEqual(['the ceiling light in the middle']);
    const repaired = repair?.image ?? Buffer.alloc(0);
    const light: Rect = {
      x: Math.round(spec.width * 0.47),
      y: Math.round(spec.back.y / 2 - spec.height * 0.015),
      w: Math.round(spec.width * 0.06),
      h: Math.round(spec.height * 0.03),
    };
    expect(await difference(result, photo, light)).toBeGreaterThan(40);
    expect(await difference(repaired, photo, light)).toBeLessThan(10);
    // Below the ceiling nothing moved: the sofa and the rest of the staging are the result's.
    const below: Rect = {
      x: 0,
      y: Math.round(spec.back.y),
      w: spec.width,
      h: spec.height - Math.round(spec.back.y),
    };
    expect(await difference(repaired, result, below)).toBeLessThan(1);
    expect((await checkStructure(prepared, repaired)).flagged).toBe(false);
  });

  it('does not repair another room: the strict restaging is for that', async () => {
    const here = await renderRoom(makeRoom(3), 'empty');
    const elsewhere = await sharp(await renderRoom(makeRoom(8), 'furnished'))
      .resize(makeRoom(3).width, makeRoom(3).height, { fit: 'fill' })
      .jpeg()
      .toBuffer();
    const check = await checkStructure(here, elsewhere);
    expect(check.flagged).toBe(true);
    expect(repairable({ ...check, changes: [{ ...check.changes[0]!, element: 'room' }] })).toBe(false);
  });
});

describe('a repair that cannot lie', () => {
  it('never repairs a result with a second changed element: the ceiling light and the fireplace both gone', async () => {
    const spec = makeRoom(7);
    const photo = await renderRoom(spec, 'empty', fireplaceSvg(spec) + ceilingLightSvg(spec));
    // Each small, the rest of the room lined up as an edit of the photo: only the second element stops it.
    const result = await renderRoom(spec, 'furnished');
    const check = await checkStructure(photo, result);
    expect(namedOnce(check.changes)).toEqual(['the ceiling light in the middle', 'the fireplace']);
    expect(check.lineUp.fit).toBeGreaterThanOrEqual(1.25);
    expect(check.lineUp.surface).toBeGreaterThanOrEqual(0.75);
    expect(repairable(check)).toBe(false);
    expect(await repairStructure(photo, result, check)).toBeNull();
  });

  it('never repairs the whole room, nor a changed wall surface, even where it is all that is named', async () => {
    const spec = makeRoom(7);
    const photo = await renderRoom(spec, 'empty');
    const papered = await renderRoom(spec, 'furnished', wallpaperSvg(spec));
    const check = await checkStructure(photo, papered);
    const surfaceOnly = { ...check, changes: check.changes.filter((c) => c.element === 'surface') };
    expect(surfaceOnly.changes).toHaveLength(1);
    expect(repairable(surfaceOnly)).toBe(false);
    expect(await repairStructure(photo, papered, surfaceOnly)).toBeNull();
    const elsewhere = await sharp(await renderRoom(makeRoom(8), 'furnished'))
      .resize(spec.width, spec.height, { fit: 'fill' })
      .jpeg()
      .toBuffer();
    const other = await checkStructure(photo, elsewhere);
    expect(other.changes.map((c) => c.element)).toEqual(['room']);
    expect(repairable(other)).toBe(false);
    expect(await repairStructure(photo, elsewhere, other)).toBeNull();
  });

  it('never repairs one element when the rest of the room is redrawn rather than kept', async () => {
    const spec = makeRoom(3);
    const photo = await renderRoom(spec, 'empty');
    // The window covered, and the whole picture redrawn: softened and relit, as a model's restaging is.
    const covered = await sharp(Buffer.from(roomSvg(spec, 'furnished').replace(windowSvg(spec.window), '')))
      .blur(2.5)
      .modulate({ brightness: 1.08, saturation: 0.8 })
      .jpeg({ quality: 80 })
      .toBuffer();
    const check = await checkStructure(photo, covered);
    expect(namedOnce(check.changes)).toEqual(['the window in the middle']);
    expect(check.lineUp.fit).toBeLessThan(1.25);
    expect(repairable(check)).toBe(false);
  });
});
