import { checkStructure, prepareForStructureCheck } from '../images';
import { EXPECTED_VERDICT, makeRoom, renderRoom, ROOM_VARIANTS, type RoomVariant } from './synthetic-rooms';

export type CheckedVariant = Exclude<RoomVariant, 'empty'>;

export interface VariantRate {
  variant: CheckedVariant;
  expected: 'pass' | 'flag';
  rooms: number;
  flagged: number;
  /** The share the check got wrong: flagged when it should pass, or passed when it should flag. */
  wrongRate: number;
  scores: number[];
}

/**
 * Runs the structure check on `rooms` synthetic rooms from `firstSeed`: each variant against the same
 * room empty. `onCheck` sees every check's duration (for the bench).
 */
export async function structureRates(
  firstSeed: number,
  rooms: number,
  onCheck?: (ms: number) => void,
): Promise<VariantRate[]> {
  const variants = ROOM_VARIANTS.filter((v): v is CheckedVariant => v !== 'empty');
  const rates = new Map(
    variants.map((variant) => [
      variant,
      {
        variant,
        expected: EXPECTED_VERDICT[variant],
        rooms: 0,
        flagged: 0,
        wrongRate: 0,
        scores: [] as number[],
      },
    ]),
  );
  for (let seed = firstSeed; seed < firstSeed + rooms; seed++) {
    const spec = makeRoom(seed);
    const original = await prepareForStructureCheck(await renderRoom(spec, 'empty'));
    for (const variant of variants) {
      const result = await renderRoom(spec, variant);
      const started = performance.now();
      const check = await checkStructure(original, result);
      onCheck?.(performance.now() - started);
      const rate = rates.get(variant);
      if (!rate) continue;
      rate.rooms += 1;
      rate.scores.push(check.score);
      if (check.flagged) rate.flagged += 1;
    }
  }
  return [...rates.values()].map((r) => ({
    ...r,
    wrongRate: (r.expected === 'flag' ? r.rooms - r.flagged : r.flagged) / Math.max(1, r.rooms),
  }));
}
