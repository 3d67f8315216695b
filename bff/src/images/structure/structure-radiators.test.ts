import { describe, expect, it } from 'vitest';
import { checkStructure } from './structure-check';
import { repairStructure } from './structure-repair';
import { makeRoom, renderRoom, type RoomSpec } from '../../testing/synthetic-rooms';
import { armchairBeforeRadiatorSvg, lowBookcaseSvg, radiatorSvg } from '../../testing/synthetic-surfaces';

const SEEDS = [3, 7, 11, 15, 19];

const radiators = (check: Awaited<ReturnType<typeof checkStructure>>) =>
  check.changes.filter((c) => c.element === 'radiator');

/** The place the agent reads for the radiator under the window (its middle, in thirds of the width). */
const placeUnderWindow = (spec: RoomSpec) => {
  const cx = (spec.window.x + spec.window.w / 2) / spec.width;
  return cx < 1 / 3 ? 'on the left' : cx > 2 / 3 ? 'on the right' : 'in the middle';
};

describe('structure check of a radiator', () => {
  it('names the radiator under the window that the result leaves out, with its place', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty', radiatorSvg(spec)),
        await renderRoom(spec, 'empty'),
      );
      const found = radiators(check);
      expect(found, `seed ${seed}`).toHaveLength(1);
      expect(found[0]?.name, `seed ${seed}`).toBe(`the radiator ${placeUnderWindow(spec)}`);
      expect(found[0]?.sentence).toMatch(/^The radiator .* was removed\.$/);
      const cx = (spec.window.x + spec.window.w / 2) / spec.width;
      for (const { region: r } of found) {
        expect(Math.abs(r.x + r.width / 2 - cx), `seed ${seed}`).toBeLessThan(0.05);
        // Below the window's sill, above the floor.
        expect(r.y, `seed ${seed}`).toBeGreaterThan((spec.window.y + spec.window.h) / spec.height);
        expect(r.y + r.height, `seed ${seed}`).toBeLessThan((spec.back.y + spec.back.h) / spec.height);
      }
      expect(check.flagged, `seed ${seed}`).toBe(true);
    }
  });

  it('puts the radiator back where the result is otherwise the photo, and the second check passes', async () => {
    for (const seed of [3, 11, 15]) {
      const spec = makeRoom(seed);
      const photo = await renderRoom(spec, 'empty', radiatorSvg(spec));
      const result = await renderRoom(spec, 'empty');
      const repair = await repairStructure(photo, result, await checkStructure(photo, result));
      expect(repair?.restored, `seed ${seed}`).toEqual([`the radiator ${placeUnderWindow(spec)}`]);
      const again = await checkStructure(photo, repair?.image ?? result);
      expect(again.flagged, `seed ${seed}`).toBe(false);
    }
  });

  it('passes the room furnished around the radiator it keeps', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty', radiatorSvg(spec)),
        await renderRoom(spec, 'furnished', radiatorSvg(spec)),
      );
      expect(
        check.changes.map((c) => c.name),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('names no radiator where an armchair now stands in front of it', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty', radiatorSvg(spec)),
        await renderRoom(spec, 'empty', radiatorSvg(spec) + armchairBeforeRadiatorSvg(spec)),
      );
      expect(radiators(check), `seed ${seed}`).toEqual([]);
    }
  });

  it('does not call a low bookcase taken away from under the window a radiator', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty', lowBookcaseSvg(spec)),
        await renderRoom(spec, 'empty'),
      );
      expect(radiators(check), `seed ${seed}`).toEqual([]);
    }
  });
});
