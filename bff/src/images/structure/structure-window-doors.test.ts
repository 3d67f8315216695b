import { describe, expect, it } from 'vitest';
import { checkStructure } from './structure-check';
import { repairable } from './structure-repair';
import { makeRoom, renderRoom } from '../../testing/synthetic-rooms';
import { counterUnderWindowSvg, windowToFloorSvg } from '../../testing/synthetic-surfaces';

const SEEDS = [3, 7, 11];

const doorwaysAdded = (check: Awaited<ReturnType<typeof checkStructure>>) =>
  check.changes.filter((c) => c.element === 'door' && c.added);

describe('structure check of a window made a door', () => {
  it('names the doorway added where the glazing now runs past the sill to the floor, and never repairs it', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty', counterUnderWindowSvg(spec)),
        await renderRoom(spec, 'empty', windowToFloorSvg(spec)),
      );
      const cx = (spec.window.x + spec.window.w / 2) / spec.width;
      const added = doorwaysAdded(check);
      expect(added, `seed ${seed}`).toHaveLength(1);
      for (const { region: r } of added)
        expect(Math.abs(r.x + r.width / 2 - cx), `seed ${seed}`).toBeLessThan(0.1);
      expect(added[0]?.sentence).toMatch(/^The doorway .* was added\.$/);
      expect(repairable(check), `seed ${seed}`).toBe(false);
    }
  });

  it('passes the room staged around its window and counter, and names no doorway when the counter is taken away', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const photo = await renderRoom(spec, 'empty', counterUnderWindowSvg(spec));
      const staged = await checkStructure(
        photo,
        await renderRoom(spec, 'furnished', counterUnderWindowSvg(spec)),
      );
      // The wall under the sill turns as bright as the glass, but no jamb runs on down: not a door.
      const cleared = await checkStructure(photo, await renderRoom(spec, 'empty'));
      expect(staged.flagged, `seed ${seed}`).toBe(false);
      expect(doorwaysAdded(cleared), `seed ${seed}`).toEqual([]);
    }
  });
});
