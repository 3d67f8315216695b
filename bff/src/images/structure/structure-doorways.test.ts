import { describe, expect, it } from 'vitest';
import { checkStructure } from './structure-check';
import { makeRoom, renderRoom, type RoomSpec } from '../../testing/synthetic-rooms';
import { openDoorwaySvg } from '../../testing/synthetic-surfaces';

const SEEDS = [3, 7, 11, 15, 19];

/** The photo: an open doorway (no leaf) through to the hall, where the room's door would stand. */
const photoOf = (spec: RoomSpec) => renderRoom(spec, 'door-removed', openDoorwaySvg(spec));

describe('structure check of a doorway closed', () => {
  it('names the door where the result walls up the open doorway', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(await photoOf(spec), await renderRoom(spec, 'door-removed'));
      const [cx, cy] = [
        (spec.door.x + spec.door.w / 2) / spec.width,
        (spec.door.y + spec.door.h / 2) / spec.height,
      ];
      const onDoorway = check.changes.filter(
        ({ element, region: r }) =>
          element === 'door' && cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height,
      );
      expect(check.flagged, `seed ${seed}`).toBe(true);
      expect(onDoorway, `seed ${seed}`).toHaveLength(1);
      expect(onDoorway[0]?.sentence, `seed ${seed}`).toMatch(/^The door .* was removed or replaced\.$/);
    }
  });

  it('passes the room staged with its doorway left open', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const staged = await checkStructure(
        await photoOf(spec),
        await renderRoom(spec, 'furnished', openDoorwaySvg(spec)),
      );
      expect(
        staged.changes.map((c) => c.name),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });
});
