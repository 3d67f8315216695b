import sharp from 'sharp';
import { STRUCTURE_PASS_SCORE } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { checkStructure, STRUCTURE_WORK_EDGE } from './structure-check';
import { structureRates } from './structure-rates';
import { makeRoom, renderRoom } from './synthetic-rooms';

/** Rooms per variant: enough that one wrong verdict in ten shows. */
const ROOMS = 12;

describe('structure check on the synthetic rooms', () => {
  it('passes furniture, colour shifts and small shifts; flags moved windows, removed doors and repainted walls', async () => {
    const rates = await structureRates(1, ROOMS);
    const wrong = Object.fromEntries(rates.map((r) => [r.variant, r.wrongRate]));
    // No moved window or removed door passes; a repainted wall at most once in ten.
    expect(wrong['window-moved']).toBe(0);
    expect(wrong['door-removed']).toBe(0);
    expect(wrong['wall-recoloured']).toBeLessThanOrEqual(0.1);
    // At most one furnished room in ten is flagged; a colour shift or a 1-2 px shift never is.
    expect(wrong.furnished).toBeLessThanOrEqual(0.1);
    expect(wrong['furnished-shifted']).toBeLessThanOrEqual(0.1);
    expect(wrong['colour-shift']).toBe(0);
    expect(wrong['pixel-shift']).toBe(0);
    expect(rates.every((r) => r.rooms === ROOMS)).toBe(true);
  }, 120_000);

  it('scores an unchanged room 1, with no regions and an empty mask at the working size', async () => {
    const spec = makeRoom(7);
    const empty = await renderRoom(spec, 'empty');
    const check = await checkStructure(empty, empty);
    expect(check).toMatchObject({ score: 1, flagged: false, regions: [], alignment: { dx: 0, dy: 0 } });
    const mask = sharp(check.mask);
    const meta = await mask.metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(STRUCTURE_WORK_EDGE);
    expect((await mask.ensureAlpha().stats()).channels[3]?.max).toBe(0);
  });

  it('finds a shifted result where it is and names the moved window as the changed region', async () => {
    const spec = makeRoom(3);
    const empty = await renderRoom(spec, 'empty');
    expect((await checkStructure(empty, await renderRoom(spec, 'pixel-shift'))).flagged).toBe(false);
    // Image models may also zoom a little: 2.5% in, cropped back to the frame.
    const w = Math.round(spec.width * 1.025);
    const h = Math.round(spec.height * 1.025);
    const zoomed = await sharp(empty)
      .resize(w, h)
      .extract({
        left: Math.round((w - spec.width) / 2),
        top: Math.round((h - spec.height) / 2),
        width: spec.width,
        height: spec.height,
      })
      .jpeg()
      .toBuffer();
    const zoomCheck = await checkStructure(empty, zoomed);
    expect(zoomCheck.flagged).toBe(false);
    expect(zoomCheck.alignment.sx).toBeGreaterThan(1.01);
    const check = await checkStructure(empty, await renderRoom(spec, 'window-moved'));
    expect(check.flagged).toBe(true);
    expect(check.score).toBeLessThan(STRUCTURE_PASS_SCORE);
    // The old and the new place of the window are both inside the reported regions.
    const inRegion = (x: number, y: number) =>
      check.regions.some((r) => x >= r.x && x <= r.x + r.width && y >= r.y && y <= r.y + r.height);
    for (const w of [spec.window, spec.movedWindow]) {
      const cx = (w.x + w.w / 2) / spec.width;
      const cy = (w.y + w.h / 2) / spec.height;
      expect(inRegion(cx, cy), `window at ${cx.toFixed(2)}, ${cy.toFixed(2)}`).toBe(true);
    }
    // Nothing reported in the floor's lower half.
    expect(check.regions.every((r) => r.y < 0.75)).toBe(true);
    // The mask marks the window's old place.
    const { data, info } = await sharp(check.mask).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = Math.round(((spec.window.x + 2) / spec.width) * info.width);
    const top = Math.round((spec.window.y / spec.height) * info.height);
    const bottom = Math.round(((spec.window.y + spec.window.h) / spec.height) * info.height);
    let marked = 0;
    for (let y = top; y <= bottom; y++)
      for (let x = px - 3; x <= px + 3; x++) if ((data[(y * info.width + x) * 4 + 3] ?? 0) > 0) marked++;
    expect(marked).toBeGreaterThan(10);
  });
});
