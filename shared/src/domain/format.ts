import { ESTIMATED_SECONDS } from './limits';
import { ROOM_TYPE_LABELS, type RoomType } from './staging';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Under 1 hour 'Just now', under 24 hours 'N hours ago', else 'N days ago'. */
export function formatRelativeAge(date: Date | string, now: Date = new Date()): string {
  const age = now.getTime() - new Date(date).getTime();
  if (age < HOUR_MS) return 'Just now';
  if (age < DAY_MS) {
    const hours = Math.floor(age / HOUR_MS);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const days = Math.floor(age / DAY_MS);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Bytes, KB, MB, GB with up to 2 decimals; zero is '0 Bytes'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${SIZE_UNITS[i]}`;
}

/** '~N seconds remaining' for the unfinished share of the 30 s estimate, 'Finalizing...' at zero. */
export function remainingSecondsText(progressPercent: number): string {
  const progress = Math.min(100, Math.max(0, Number.isFinite(progressPercent) ? progressPercent : 0));
  const seconds = Math.ceil((ESTIMATED_SECONDS * (100 - progress)) / 100);
  return seconds > 0 ? `~${seconds} seconds remaining` : 'Finalizing...';
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day as 'Nov 22, 2026' (UTC). */
export const formatShortDate = (date: Date | string): string => DATE_FORMAT.format(new Date(date));

/** A new project is named after its room ('Living Room'); `distinctName` then tells it from the others. */
export function defaultProjectName(roomType: RoomType): string {
  return ROOM_TYPE_LABELS[roomType];
}

/**
 * `base`, or when the owner already has a project of that name, `base N` with the next free number
 * ('Living Room 2'), so two photos of the same room type never share a name.
 */
export function distinctName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  const numbers = taken.map((n) => Number(/ (\d+)$/.exec(n.slice(base.length))?.[1] ?? 1));
  return `${base} ${Math.max(1, ...numbers) + 1}`;
}

/** What a restaging's project is called after its source: 'Living Room 3 (restaged)'. */
export const RESTAGED_SUFFIX = ' (restaged)';

/**
 * A restaging's name: the source's, marked once as restaged (a restaging of a restaging is not marked
 * twice), so it reads apart from its source instead of 'Living Room 3 2'.
 */
export function restagedName(name: string): string {
  const base = name.replace(/ \(restaged\)( \d+)?$/, '');
  return `${base}${RESTAGED_SUFFIX}`;
}

/** A file name without its extension ('kitchen.final.jpg' -> 'kitchen.final'). */
export function fileBaseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Batch items are named after the file plus the room type. */
export function batchItemName(fileName: string, roomType: RoomType): string {
  return `${fileBaseName(fileName)} - ${ROOM_TYPE_LABELS[roomType]}`;
}

/** The free quota resets per calendar month in UTC: 'YYYY-MM'. */
export function currentUsageMonth(date: Date = new Date()): string {
  return date.toISOString().slice(0, 7);
}
