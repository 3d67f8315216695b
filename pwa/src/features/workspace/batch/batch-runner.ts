import type { Project, ProjectStatusResponse } from '@shared/api';
import {
  BATCH_MAX,
  STATUS_POLL_MS,
  fileBaseName,
  isFinished,
  type ProjectStatus,
  type RoomType,
} from '@shared/domain';

/** Where an item's room type stands: being detected, detected with confidence, or not detected. */
export type Detection = 'analysing' | 'detected' | 'unsure';

/** A batch item, plus the file and the project it became (the sent ones are kept on the server). */
export interface BatchItem {
  id: string;
  /** The picked file; null for an item restored from the server (a reload, another device). */
  file: File | null;
  /** The unedited photo on the server, once sent: what a retry of a restored item sends again. */
  originalUrl: string | null;
  /** The file name without its extension. */
  name: string;
  /** Its own room type (detected or picked); null follows the room type chosen for the batch. */
  roomType: RoomType | null;
  /** Null when no analysis ran or it failed (failures stay silent). */
  detection: Detection | null;
  /** A local preview of the photo (an object URL, released with the item). */
  thumbnailUrl: string | null;
  status: ProjectStatus;
  progress: number;
  error: string | null;
  projectId: string | null;
  stagedImageUrl: string | null;
  /** Why a photo kept by the upload queue waits ('Waiting for connection'), or null. */
  waiting: string | null;
  /** Refused at analysis (too small to stage): failed with the server's sentence and never sent. */
  refused: boolean;
}

/** A created project, or a photo the upload queue keeps and uploads by itself later. */
export type CreateOutcome = { id: string } | { waiting: string; uploaded: Promise<{ id: string }> };
export type ItemOutcome = ProjectStatus | 'waiting';

/** One press of Process: the server mails its owner one summary once all of its photos are finished. */
export interface BatchRun {
  id: string;
  size: number;
}

export interface BatchDeps {
  /** `run` is absent for a photo sent again on its own (a retry). */
  createProject: (item: BatchItem, run?: BatchRun) => Promise<CreateOutcome>;
  getStatus: (projectId: string) => Promise<ProjectStatusResponse>;
  onChange: (id: string, patch: Partial<BatchItem>) => void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Processing failed');

/** Keeps the first 10 image files; `dropped` says how many were cut (the UI shows a notice). */
export function truncateBatch(
  files: readonly File[],
  room = BATCH_MAX,
): { accepted: File[]; dropped: number } {
  const accepted = files.slice(0, Math.max(0, room));
  return { accepted, dropped: files.length - accepted.length };
}

export function newBatchItem(file: File): BatchItem {
  return {
    id: crypto.randomUUID(),
    file,
    originalUrl: null,
    name: fileBaseName(file.name),
    roomType: null,
    detection: null,
    thumbnailUrl: null,
    status: 'pending',
    progress: 0,
    error: null,
    projectId: null,
    stagedImageUrl: null,
    waiting: null,
    refused: false,
  };
}

/** An item of the batch kept on the server, as its project stands now. */
export function restoredBatchItem(project: Project): BatchItem {
  return {
    id: crypto.randomUUID(),
    file: null,
    originalUrl: project.originalImageUrl,
    name: project.name,
    roomType: project.roomType,
    detection: null,
    thumbnailUrl: project.thumbnailUrl,
    status: project.status,
    progress: project.status === 'completed' ? 100 : Math.min(99, Number(project.progress) || 0),
    error: project.error,
    projectId: project.id,
    stagedImageUrl: project.stagedImageUrl,
    waiting: null,
    refused: false,
  };
}

/** Overall progress: the average of the items (0 for an empty batch). */
export function overallProgress(items: readonly Pick<BatchItem, 'progress'>[]): number {
  if (items.length === 0) return 0;
  return Math.round(items.reduce((sum, i) => sum + i.progress, 0) / items.length);
}

/** The items a run would send: not completed yet, not waiting in the upload queue, not refused. */
export function itemsToProcess<T extends Pick<BatchItem, 'status' | 'waiting' | 'refused'>>(
  items: readonly T[],
): T[] {
  return items.filter((i) => i.status !== 'completed' && !i.waiting && !i.refused);
}

export function batchCounts(items: readonly Pick<BatchItem, 'status'>[]): Record<ProjectStatus, number> {
  const counts: Record<ProjectStatus, number> = { pending: 0, processing: 0, completed: 0, failed: 0 };
  for (const i of items) counts[i.status] += 1;
  return counts;
}

function fail(item: BatchItem, err: unknown, deps: BatchDeps): 'failed' {
  deps.onChange(item.id, { status: 'failed', progress: 0, waiting: null, error: messageOf(err) });
  return 'failed';
}

/** From a created project (50) to completed (100) or failed, polled every 2 s. Never throws. */
export async function followItem(
  item: BatchItem,
  projectId: string,
  deps: BatchDeps,
): Promise<ProjectStatus> {
  const sleep = deps.sleep ?? defaultSleep;
  deps.onChange(item.id, { status: 'processing', projectId, progress: 50, waiting: null });
  try {
    for (;;) {
      await sleep(STATUS_POLL_MS);
      const s = await deps.getStatus(projectId);
      if (s.status === 'completed') {
        deps.onChange(item.id, { status: 'completed', progress: 100, stagedImageUrl: s.stagedImageUrl });
        return 'completed';
      }
      if (s.status === 'failed') return fail(item, new Error(s.error || 'Processing failed'), deps);
      if (!isFinished(s.status)) {
        deps.onChange(item.id, { progress: Math.max(50, Math.min(99, Number(s.progress) || 0)) });
      }
    }
  } catch (err) {
    return fail(item, err, deps);
  }
}

/**
 * One item: processing (25), created (50), polled every 2 s while pending or processing, then completed
 * (100) or failed (0 with the error). A photo the queue keeps waits (pending, not failed) and goes on by
 * itself once uploaded, so the run moves to the next one. Never throws.
 */
export async function processItem(item: BatchItem, deps: BatchDeps, run?: BatchRun): Promise<ItemOutcome> {
  deps.onChange(item.id, { status: 'processing', progress: 25, error: null, stagedImageUrl: null });
  let created: CreateOutcome;
  try {
    created = await deps.createProject(item, run);
  } catch (err) {
    return fail(item, err, deps);
  }
  if ('id' in created) return followItem(item, created.id, deps);
  deps.onChange(item.id, { status: 'pending', progress: 0, waiting: created.waiting });
  created.uploaded.then(
    ({ id }) => void followItem(item, id, deps),
    (err: unknown) => fail(item, err, deps),
  );
  return 'waiting';
}

export interface BatchOutcome {
  completed: number;
  failed: number;
  waiting: number;
}

/**
 * Processes the items one after another as one run; a failed item does not stop the rest. Counts the
 * outcomes.
 */
export async function runBatch(items: readonly BatchItem[], deps: BatchDeps): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { completed: 0, failed: 0, waiting: 0 };
  const run: BatchRun = { id: crypto.randomUUID(), size: items.length };
  for (const item of items) {
    const result = await processItem(item, deps, run);
    if (result === 'completed' || result === 'failed' || result === 'waiting') outcome[result] += 1;
  }
  return outcome;
}
