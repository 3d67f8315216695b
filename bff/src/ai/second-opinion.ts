import { STRUCTURE_PASS_SCORE } from '@shared/domain';
import { namedOnce, type StructureCheck } from '../images';
import type { StructureOpinion } from './structure-review';

/** A local finding this clear (0..1) is sure of itself: a vision model's 'kept' does not clear it. */
export const CERTAIN_STRENGTH = 0.8;

/**
 * The local check is uncertain of a flag when it found one element in one place, not another room, and
 * not clearly: only such a flag may a vision model's 'kept' clear.
 */
export function uncertainFlag(check: StructureCheck): boolean {
  if (!check.flagged || check.changes.length === 0) return false;
  if (check.changes.some((c) => c.element === 'room' || c.found.strength >= CERTAIN_STRENGTH)) return false;
  return namedOnce(check.changes).length === 1;
}

/**
 * The verdict once a vision model has judged the result against the photo: its 'changed' flags the result
 * (its words tell the agent what), its 'kept' clears only a flag the local check was uncertain of.
 */
export function withOpinion(check: StructureCheck, opinion: StructureOpinion): StructureCheck {
  if (opinion.changed)
    return { ...check, flagged: true, score: Math.min(check.score, STRUCTURE_PASS_SCORE - 0.01) };
  if (check.flagged && uncertainFlag(check)) return { ...check, flagged: false };
  return check;
}
