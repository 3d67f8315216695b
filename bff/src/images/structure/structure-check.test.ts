import sharp from 'sharp';
import { STRUCTURE_PASS_SCORE } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { checkStructure, STRUCTURE_WORK_EDGE } from './structure-check';
import { structureRates } from '../../testing/structure-rates';
import { makeRoom, renderRoom, type RoomSpec } from '../../testing/synthetic-rooms';

/** Rooms per variant: enough that one wrong verdict in ten shows. */
const ROOMS = 12;

/** What image models do to a result that keeps the room: zoom, crop, squash, relight. */
async function tolerated(spec: RoomSpec, kind: 'zoom' | 'crop' | 'squash' | 'relight'): Promise<Buffer> {
  const furnished = await renderRoom(spec, 'furnished');
  const { width: w, height: h } = spec;
  const image = sharp(furnished);
  switch (kind) {
    case 'zoom': // 12% in, cropped back to the frame
      return image
        .resize(Math.round(w * 1.12), Math.round(h * 1.12))
        .extract({ left: Math.round(w * 0.06), top: Math.round(h * 0.06), width: w, height: h })
        .jpeg()
        .toBuffer();
    case 'crop': // 2% off one side, stretched back
      return image
        .extract({ left: Math.round(w * 0.02), top: 0, width: w - Math.round(w * 0.02), height: h })
        .resize(w, h, { fit: 'fill' })
        .jpeg()
        .toBuffer();
    case 'squash': // another aspect, 10% flatter
      return image
        .resize(w, Math.round(h * 0.9), { fit: 'fill' })
        .jpeg()
        .toBuffer();
    case 'relight': // darker and warmer
      return image.linear([0.9, 0.82, 0.7], [0, 0, 0]).jpeg().toBuffer();
  }
}

describe('structure check on the synthetic rooms', () => {
  it('passes furniture, colour shifts and small shifts; flags moved windows, removed doors and repainted walls', async () => {
    const rates = await structureRates(1, ROOMS);
    const wrong = Object.fromEntries(rates.map((r) => [r.variant, r.wrongRate]));
    expect(wrong['window-moved']).toBe(0);
    expect(wrong['door-removed']).toBe(0);
    expect(wrong['wall-recoloured']).toBeLessThanOrEqual(0.1);
    expect(wrong.furnished).toBeLessThanOrEqual(0.1);
    expect(wrong['furnished-shifted']).toBeLessThanOrEqual(0.1);
    expect(wrong['colour-shift']).toBe(0);
    expect(wrong['pixel-shift']).toBe(0);
    expect(rates.every((r) => r.rooms === ROOMS)).toBe(true);
  }, 120_000);

  it('scores an unchanged room 1, with no changes and an empty mask at the working size', async () => {
    const empty = await renderRoom(makeRoom(7), 'empty');
    const check = await checkStructure(empty, empty);
    expect(check).toMatchObject({ score: 1, flagged: false, regions: [], changes: [] });
    const mask = sharp(check.mask);
    const meta = await mask.metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(STRUCTURE_WORK_EDGE);
    expect((await mask.ensureAlpha().stats()).channels[3]?.max).toBe(0);
  });

  for (const kind of ['zoom', 'crop', 'squash', 'relight'] as const) {
    it(`tolerates a result that keeps the room: ${kind}`, async () => {
      for (const seed of [3, 7, 11]) {
        const spec = makeRoom(seed);
        const check = await checkStructure(await renderRoom(spec, 'empty'), await tolerated(spec, kind));
        expect(
          check.changes.map((c) => c.sentence),
          `seed ${seed}`,
        ).toEqual([]);
        expect(check.score).toBeGreaterThanOrEqual(STRUCTURE_PASS_SCORE);
        if (kind === 'zoom') expect(check.alignment.sx).toBeCloseTo(1.12, 1);
      }
    });
  }

  it('names a window that went, where it was: the window in the middle', async () => {
    const spec = makeRoom(3);
    const check = await checkStructure(
      await renderRoom(spec, 'empty'),
      await renderRoom(spec, 'window-moved'),
    );
    expect(check.flagged).toBe(true);
    expect(check.score).toBeLessThan(STRUCTURE_PASS_SCORE);
    expect(check.changes.map((c) => c.name)).toEqual(['the window in the middle']);
    expect(check.changes[0]?.sentence).toBe('The window in the middle was covered or filled in.');
    // The old place of the window is inside the reported region.
    const [region] = check.regions;
    const cx = (spec.window.x + spec.window.w / 2) / spec.width;
    const cy = (spec.window.y + spec.window.h / 2) / spec.height;
    expect(region && cx >= region.x && cx <= region.x + region.width).toBe(true);
    expect(region && cy >= region.y && cy <= region.y + region.height).toBe(true);
  });

  it('names a door that went: the door on the left', async () => {
    const spec = makeRoom(3);
    const check = await checkStructure(
      await renderRoom(spec, 'empty'),
      await renderRoom(spec, 'door-removed'),
    );
    expect(check.changes.map((c) => c.name)).toEqual(['the door on the left']);
  });

  it("names a wall repainted: the left wall's colour, marked in the mask", async () => {
    const spec = makeRoom(3);
    const check = await checkStructure(
      await renderRoom(spec, 'empty'),
      await renderRoom(spec, 'wall-recoloured'),
    );
    expect(check.changes.map((c) => c.element)).toContain('wall-colour');
    expect(check.changes.map((c) => c.name)).toContain("the left wall's colour");
    expect((await sharp(check.mask).ensureAlpha().stats()).channels[3]?.max).toBeGreaterThan(0);
  });
});

describe('a result that changed nothing', () => {
  it('passes a plain room re-encoded and resampled, however little texture it has to line up by', async () => {
    const flatRoom = (wall: string, width: number, height: number, windowAt: number) =>
      sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
          <rect width="${width}" height="${height}" fill="${wall}"/>
          <rect y="${height * 0.6}" width="${width}" height="${height * 0.4}" fill="#8b6b4a"/>
          <rect x="${width * windowAt}" y="${height * 0.15}" width="${width * 0.25}" height="${height * 0.28}"
            fill="#cfe8ff" stroke="#ffffff" stroke-width="${Math.round(width / 80)}"/></svg>`),
      )
        .jpeg({ quality: 85 })
        .toBuffer();
    for (const [wall, width, height, windowAt] of [
      ['rgb(80,170,95)', 768, 1024, 0.1],
      ['rgb(70,110,210)', 1024, 768, 0.4],
      ['rgb(150,150,150)', 1400, 933, 0.2],
    ] as const) {
      const photo = await flatRoom(wall, width, height, windowAt);
      const result = await sharp(photo)
        .resize(width - (width % 16), height - (height % 16), { fit: 'fill' })
        .png()
        .toBuffer();
      const check = await checkStructure(photo, result);
      expect(check.changes.map((c) => c.sentence)).toEqual([]);
      expect(check.flagged).toBe(false);
    }
  });
});
