import type { ProjectStatusResponse } from '@shared/api';
import { BATCH_MAX, STATUS_POLL_MS, fileBaseName, isFinished, type ProjectStatus } from '@shared/domain';

/** A batch item (spec section 3, client only), plus the file and the project it became. */
export interface BatchItem {
  id: string;
  file: File;
  /** The file name without its extension. */
  name: string;
  status: ProjectStatus;
  progress: number;
  error: string | null;
  projectId: string | null;
  stagedImageUrl: string | null;
}

export interface BatchDeps {
  createProject: (item: BatchItem) => Promise<{ id: string }>;
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
    name: fileBaseName(file.name),
    status: 'pending',
    progress: 0,
    error: null,
    projectId: null,
    stagedImageUrl: null,
  };
}

/** Overall progress: the average of the items (0 for an empty batch). */
export function overallProgress(items: readonly Pick<BatchItem, 'progress'>[]): number {
  if (items.length === 0) return 0;
  return Math.round(items.reduce((sum, i) => sum + i.progress, 0) / items.length);
}

export function batchCounts(items: readonly Pick<BatchItem, 'status'>[]): Record<ProjectStatus, number> {
  const counts: Record<ProjectStatus, number> = { pending: 0, processing: 0, completed: 0, failed: 0 };
  for (const i of items) counts[i.status] += 1;
  return counts;
}

/**
 * One item: processing (25), created (50), polled every 2 s while pending or processing,
 * then completed (100) or failed (0 with the error). Never throws.
 */
export async function processItem(item: BatchItem, deps: BatchDeps): Promise<ProjectStatus> {
  const sleep = deps.sleep ?? defaultSleep;
  deps.onChange(item.id, { status: 'processing', progress: 25, error: null, stagedImageUrl: null });
  try {
    const { id: projectId } = await deps.createProject(item);
    deps.onChange(item.id, { projectId, progress: 50 });
    for (;;) {
      await sleep(STATUS_POLL_MS);
      const s = await deps.getStatus(projectId);
      if (s.status === 'completed') {
        deps.onChange(item.id, { status: 'completed', progress: 100, stagedImageUrl: s.stagedImageUrl });
        return 'completed';
      }
      if (s.status === 'failed') {
        deps.onChange(item.id, { status: 'failed', progress: 0, error: s.error || 'Processing failed' });
        return 'failed';
      }
      if (!isFinished(s.status)) {
        deps.onChange(item.id, { progress: Math.max(50, Math.min(99, Number(s.progress) || 0)) });
      }
    }
  } catch (err) {
    deps.onChange(item.id, { status: 'failed', progress: 0, error: messageOf(err) });
    return 'failed';
  }
}

/** Processes the items one after another; a failed item does not stop the rest. Returns how many completed. */
export async function runBatch(items: readonly BatchItem[], deps: BatchDeps): Promise<number> {
  let completed = 0;
  for (const item of items) {
    if ((await processItem(item, deps)) === 'completed') completed += 1;
  }
  return completed;
}
