import type { StructureOpinion } from '../ai';
import { namedOnce, type StructureCheck } from '../images';
import type { StructureCheckDoc } from '../store';

/** What is stored of a result's check: its verdict, where, what still differs and what was put back. */
export function structureDocOf(
  check: StructureCheck,
  changesKey: string,
  restored: readonly string[],
  opinion: StructureOpinion | null,
): StructureCheckDoc {
  const { score, flagged, regions } = check;
  const changes = flagged ? namedOnce(check.changes, 'sentence') : [];
  // The vision model's words, where it was asked: the note the agent reads first.
  const review = opinion ? { opinion: opinion.note } : {};
  return { score, flagged, regions, changesKey, changes, restored: [...restored], ...review };
}
