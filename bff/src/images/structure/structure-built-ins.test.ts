import { describe, expect, it } from 'vitest';
import { checkStructure } from './structure-check';
import { makeRoom, renderRoom } from '../../testing/synthetic-rooms';
import { doorShelvingSvg, shelvingBesideDoorSvg } from '../../testing/synthetic-surfaces';

const SEEDS = [3, 7, 11];

describe('structure check of doors built over', () => {
  it('names the door whose opening a built-in now fills, head to floor', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty'),
        await renderRoom(spec, 'furnished', doorShelvingSvg(spec)),
      );
      const [cx, cy] = [
        (spec.door.x + spec.door.w / 2) / spec.width,
        (spec.door.y + spec.door.h / 2) / spec.height,
      ];
      const onDoor = check.changes.filter(
        ({ element, region: r }) =>
          element === 'door' && cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height,
      );
      expect(onDoor, `seed ${seed}`).toHaveLength(1);
    }
  });

  it('does not name the door when the same shelving stands beside it', async () => {
    for (const seed of SEEDS) {
      const spec = makeRoom(seed);
      const check = await checkStructure(
        await renderRoom(spec, 'empty'),
        await renderRoom(spec, 'furnished', shelvingBesideDoorSvg(spec)),
      );
      expect(
        check.changes.map((c) => c.element),
        `seed ${seed}`,
      ).not.toContain('door');
    }
  });
});
