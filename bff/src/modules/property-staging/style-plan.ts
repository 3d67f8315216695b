import type { StagePropertyRequest } from '@shared/api';
import type { ProjectDoc, RoomDoc } from '../../store';

/** A follower whose lead never ends (a lost release) still runs after this long. */
export const LEAD_WAIT_BACKSTOP_MS = 30 * 60_000;

/** How the rooms of one run get one look: who is styled after whom, and who waits for whom. */
export type StylePlan =
  /** The engine takes no reference: every room is staged on its own, all at once. */
  | { kind: 'independent' }
  /** A finished room of an earlier run in the same look is every room's reference: nobody waits. */
  | { kind: 'earlier'; referenceId: string }
  /** The run's first room leads; the others wait for it and are styled after its result. */
  | { kind: 'lead' };

/** A room's latest staging can guide this run when it finished in the same style and palette. */
function fitsAsReference(project: ProjectDoc, request: StagePropertyRequest): boolean {
  return (
    project.status === 'completed' &&
    project.stagingMode === 'stage' &&
    project.images.staged.length > 0 &&
    project.stylePreset === request.stylePreset &&
    project.colorPalette === (request.colorPalette ?? null)
  );
}

/**
 * The first finished room of the property in the run's look is the reference. Rooms being restaged are
 * left out: a restaging asks for something new, not for a copy of the result it replaces.
 */
export function planStyle(
  takesReference: boolean,
  request: StagePropertyRequest,
  runRooms: readonly RoomDoc[],
  latest: ReadonlyMap<string, ProjectDoc>,
): StylePlan {
  if (!takesReference) return { kind: 'independent' };
  const inRun = new Set(runRooms.map((r) => r._id));
  const earlier = [...latest.entries()]
    .filter(([roomId, project]) => !inRun.has(roomId) && fitsAsReference(project, request))
    .map(([, project]) => project)
    .sort((a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0))[0];
  if (earlier) return { kind: 'earlier', referenceId: earlier._id };
  return runRooms.length > 1 ? { kind: 'lead' } : { kind: 'independent' };
}

/** The queue and reference fields of the run's `index`-th room, whose lead has the id `leadId`. */
export function styleFieldsFor(
  plan: StylePlan,
  index: number,
  leadId: string,
  now: Date,
): { styleReferenceId?: string; waitsFor?: string; nextAttemptAt?: Date } {
  if (plan.kind === 'earlier') return { styleReferenceId: plan.referenceId };
  if (plan.kind === 'lead' && index > 0)
    return {
      styleReferenceId: leadId,
      waitsFor: leadId,
      nextAttemptAt: new Date(now.getTime() + LEAD_WAIT_BACKSTOP_MS),
    };
  return {};
}
