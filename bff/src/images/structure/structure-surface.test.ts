import { describe, expect, it } from 'vitest';
import { checkStructure } from './structure-check';
import { ceilingLightSvg } from '../../testing/synthetic-fixtures';
import { makeRoom, renderRoom } from '../../testing/synthetic-rooms';
import { builtInShelvingSvg, ceilingBeamsSvg, wallpaperSvg } from '../../testing/synthetic-surfaces';

const SEEDS = [3, 7, 11];
/** Rooms whose ceiling shows below the frame's top edge (what touches it is not judged: a zoom moves it). */
const CEILING_SEEDS = [5, 7, 11];

describe('structure check of walls and ceiling', () => {
  it('names plain walls covered with patterned wallpaper, around a window and door that stay', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty'),
        await renderRoom(spec, 'furnished', wallpaperSvg(spec)),
      );
      expect(
        check.changes.map((c) => c.element),
        `seed ${seed}`,
      ).toContain('surface');
    }
  });

  it('names a wall of built-in shelving around a window and door that stay', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty'),
        await renderRoom(spec, 'furnished', builtInShelvingSvg(spec)),
      );
      expect(
        check.changes.map((c) => c.element),
        `seed ${seed}`,
      ).toContain('surface');
    }
  });

  it('names beams put on a flat ceiling', async () => {
    for (const seed of CEILING_SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty'),
        await renderRoom(spec, 'furnished', ceilingBeamsSvg(spec)),
      );
      expect(
        check.changes.map((c) => c.element),
        `seed ${seed}`,
      ).toContain('ceiling');
    }
  });

  it('names a ceiling light added where the ceiling was plain', async () => {
    for (const seed of CEILING_SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty'),
        await renderRoom(spec, 'furnished', ceilingLightSvg(spec)),
      );
      expect(
        check.changes.map((c) => c.name),
        `seed ${seed}`,
      ).toContain('the ceiling light added in the middle');
    }
  });

  it('keeps a room whose walls and ceiling stay, furnished: no surface is named', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty'),
        await renderRoom(spec, 'furnished'),
      );
      expect(
        check.changes.map((c) => c.name),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });
});
