import sharp from 'sharp';
import { STRUCTURE_PASS_SCORE } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { checkStructure, STRUCTURE_WORK_EDGE } from './structure-check';
import { structureRates } from '../../testing/structure-rates';
import { makeRoom, renderRoom, type RoomSpec } from '../../testing/synthetic-rooms';
import { ceilingLightSvg, fireplaceSvg } from '../../testing/synthetic-fixtures';

/** Rooms per variant: enough that one wrong verdict in ten shows. */
const ROOMS = 12;

type Tolerance = 'zoom' | 'crop' | 'squash' | 'relight';

/** What image models do to a result that keeps the room: zoom, crop, squash, relight. */
async function tolerated(spec: RoomSpec, kind: Tolerance, fixtures = ''): Promise<Buffer> {
  const furnished = await renderRoom(spec, 'furnished', fixtures);
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

/** An armchair on the floor near the front, away from the back wall's fireplace. */
const armchairSvg = ({ width: w, height: h }: RoomSpec) =>
  `<rect x="${w * 0.08}" y="${h * 0.78}" width="${w * 0.16}" height="${h * 0.16}" rx="8" fill="#4b5563"/>` +
  `<rect x="${w * 0.1}" y="${h * 0.84}" width="${w * 0.12}" height="${h * 0.05}" fill="#9ca3af"/>`;

describe('structure check: fireplaces and ceiling lights', () => {
  const SEEDS = [3, 7, 11];

  it('names a fireplace covered with wall: the fireplace, where it was', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const photo = await renderRoom(spec, 'empty', fireplaceSvg(spec) + ceilingLightSvg(spec));
      // Staged with an armchair by the door side, the fireplace painted over with the wall.
      const check = await checkStructure(
        photo,
        await renderRoom(spec, 'empty', ceilingLightSvg(spec) + armchairSvg(spec)),
      );
      expect(
        check.changes.map((c) => c.name),
        `seed ${seed}`,
      ).toEqual(['the fireplace']);
      expect(check.changes[0]?.sentence).toBe('The fireplace was covered or removed.');
      const [region] = check.regions;
      expect(region && region.x < 0.5 && region.x + region.width > 0.5).toBe(true);
    }
  });

  it('names a ceiling light taken away: the ceiling light in the middle', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const photo = await renderRoom(spec, 'empty', fireplaceSvg(spec) + ceilingLightSvg(spec));
      const check = await checkStructure(photo, await renderRoom(spec, 'furnished', fireplaceSvg(spec)));
      expect(
        check.changes.map((c) => c.sentence),
        `seed ${seed}`,
      ).toEqual(['The ceiling light in the middle was removed.']);
    }
  });

  for (const kind of ['zoom', 'crop', 'squash', 'relight'] as const)
    it(`keeps a fireplace and a ceiling light that stay, furnished: ${kind}`, async () => {
      for (const seed of SEEDS) {
        const spec = makeRoom(seed);
        const fixtures = fireplaceSvg(spec) + ceilingLightSvg(spec);
        const check = await checkStructure(
          await renderRoom(spec, 'empty', fixtures),
          await tolerated(spec, kind, fixtures),
        );
        expect(
          check.changes.map((c) => c.sentence),
          `seed ${seed}`,
        ).toEqual([]);
      }
    });

  it('looks for no ceiling light or fireplace on an exterior photo (its top is sky: a cloud that went is none)', async () => {
    const spec = makeRoom(3);
    const photo = await renderRoom(spec, 'empty', fireplaceSvg(spec) + ceilingLightSvg(spec));
    const result = await renderRoom(spec, 'empty', armchairSvg(spec));
    const inside = await checkStructure(photo, result);
    expect(inside.changes.map((c) => c.element).sort()).toEqual(['ceiling-fixture', 'fireplace']);
    const outside = await checkStructure(photo, result, { outdoors: true });
    const elements = outside.changes.map((c) => c.element);
    expect(elements).not.toContain('ceiling-fixture');
    expect(elements).not.toContain('fireplace');
  });

  it('does not take furniture standing in front of a fireplace for a change', async () => {
    const spec = makeRoom(3);
    const { back } = spec;
    const photo = await renderRoom(spec, 'empty', fireplaceSvg(spec));
    // A patterned armchair and its shadow right in front of the firebox.
    const chair =
      `<rect x="${back.x + back.w * 0.38}" y="${back.y + back.h * 0.8}" width="${back.w * 0.24}" height="${back.h * 0.3}" fill="#1e3a8a"/>` +
      `<rect x="${back.x + back.w * 0.4}" y="${back.y + back.h * 0.84}" width="${back.w * 0.2}" height="${back.h * 0.04}" fill="#fde68a"/>`;
    const check = await checkStructure(photo, await renderRoom(spec, 'empty', fireplaceSvg(spec) + chair));
    expect(check.changes.map((c) => c.element)).not.toContain('fireplace');
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
