import type { PropertyRoom } from '@shared/api';
import { isFinished, type ColorPalette, type ProjectStatus, type StylePreset } from '@shared/domain';

/** A room has a staging (done or on its way); a failed one counts as none. */
export const hasStaging = (room: PropertyRoom): boolean =>
  room.project !== null && room.project.status !== 'failed';

/** Its staging is queued or running: it cannot be staged again until that ends. */
export const stagingRuns = (room: PropertyRoom): boolean =>
  room.project !== null && !isFinished(room.project.status);

/** 0-100 for one room's staging: a finished one (completed or failed) is at its end. */
export function roomProgress(room: PropertyRoom): number {
  const project = room.project;
  if (!project) return 0;
  if (isFinished(project.status)) return 100;
  const value = Number(project.progress);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

export interface StageSummary {
  /** Rooms with a staging (under way, done or failed). */
  total: number;
  counts: Record<ProjectStatus, number>;
  /** The average of their progress. */
  overall: number;
  /** Some staging is still queued or running. */
  running: boolean;
}

/** The property's stagings at a glance: counts by status and the overall progress. */
export function stageSummary(rooms: readonly PropertyRoom[]): StageSummary {
  const counts: Record<ProjectStatus, number> = { pending: 0, processing: 0, completed: 0, failed: 0 };
  const staged = rooms.filter((r) => r.project !== null);
  for (const r of staged) counts[r.project!.status] += 1;
  const overall = staged.length
    ? Math.round(staged.reduce((sum, r) => sum + roomProgress(r), 0) / staged.length)
    : 0;
  return { total: staged.length, counts, overall, running: counts.pending + counts.processing > 0 };
}

export interface StyleSuggestion {
  style: StylePreset;
  /** Rooms that look like it, of the rooms whose style the analysis was sure of. */
  rooms: number;
  of: number;
}

/** The style most rooms were confidently seen in (the earlier room wins a tie); null when none was. */
export function suggestedStyle(rooms: readonly PropertyRoom[]): StyleSuggestion | null {
  const seen = rooms.flatMap((r) => (r.detected?.confident && r.detected.style ? [r.detected.style] : []));
  let best: StyleSuggestion | null = null;
  for (const style of seen) {
    const count = seen.filter((s) => s === style).length;
    if (!best || count > best.rooms) best = { style, rooms: count, of: seen.length };
  }
  return best;
}

/** Credits left for a run: one rule for batches and properties, kept with the limits. */
export { creditsLeft } from '../../lib/limits';

/** The style and palette a property's rooms were staged in. */
export interface PropertyLook {
  stylePreset: StylePreset;
  colorPalette: ColorPalette;
}

/**
 * The look most of the property's finished stagings share (the earliest room's on a tie), or null before
 * any: what a later run, a restaging of one room above all, should default to so the rooms still match.
 */
export function propertyLook(rooms: readonly PropertyRoom[]): PropertyLook | null {
  const tally = new Map<string, { look: PropertyLook; count: number }>();
  for (const { project } of rooms) {
    if (project?.status !== 'completed' || !project.stylePreset || !project.colorPalette) continue;
    const key = `${project.stylePreset}/${project.colorPalette}`;
    const entry = tally.get(key) ?? {
      look: { stylePreset: project.stylePreset, colorPalette: project.colorPalette },
      count: 0,
    };
    entry.count += 1;
    tally.set(key, entry);
  }
  let best: { look: PropertyLook; count: number } | null = null;
  // Map keeps insertion order (room order), so only a larger count replaces an earlier room's look.
  for (const entry of tally.values()) if (!best || entry.count > best.count) best = entry;
  return best?.look ?? null;
}
