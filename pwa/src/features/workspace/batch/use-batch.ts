import type { Project } from '@shared/api';
import {
  BATCH_MAX,
  BATCH_NOT_RUN_REASON,
  UPLOAD_MESSAGES,
  type RoomDetection,
  type RoomType,
} from '@shared/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  followItem,
  itemsToProcess,
  newBatchItem,
  processItem,
  restoredBatchItem,
  runBatch,
  truncateBatch,
  type BatchDeps,
  type BatchItem,
} from './batch-runner';
import { limitConcurrency } from './limit-concurrency';

/** Photos analysed at the same time while a batch is being picked. */
export const ANALYSIS_CONCURRENCY = 2;

/** The server refused the photo itself at analysis, in a way that would repeat when it is sent. */
export interface PhotoRefused {
  refused: string;
}

export type BatchServices = Pick<BatchDeps, 'createProject' | 'getStatus' | 'sleep'> & {
  /** Detects one photo's room; each picked photo is analysed on its own. */
  analyze?: (file: File, signal: AbortSignal) => Promise<RoomDetection | PhotoRefused>;
  /** The batch kept on the server (signed in): its projects in order. */
  loadBatch?: () => Promise<Project[]>;
  /** Keeps the sent items' projects, in order, on the server; [] clears it. */
  saveBatch?: (projectIds: string[]) => Promise<void>;
};

/** What an item holds beyond its state: its thumbnail and its analysis, released with it. */
interface ItemResources {
  thumbnailUrl: string;
  abort: AbortController;
  analysed: Promise<void>;
}

/** Batch state: the picked items (each analysed on its own), a sequential run, and a retry of one item. */
export function useBatch(services: BatchServices) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const servicesRef = useRef(services);
  servicesRef.current = services;
  const resources = useRef(new Map<string, ItemResources>());
  const [limit] = useState(() => limitConcurrency(ANALYSIS_CONCURRENCY));

  const onChange = useCallback((id: string, patch: Partial<BatchItem>) => {
    setItems((prev) => {
      const next = prev.map((i) => (i.id === id ? { ...i, ...patch } : i));
      itemsRef.current = next;
      return next;
    });
  }, []);

  // Thumbnails and analyses still running go with the page.
  useEffect(() => {
    const held = resources.current;
    return () => release(held, [...held.keys()]);
  }, []);

  // The batch kept on the server comes back after a reload or on another device; its unfinished photos
  // are followed again. Nothing is kept before it has been read, so an empty page never clears it.
  const [restored, setRestored] = useState(!services.loadBatch);
  /** The list the server holds as far as this page knows. */
  const lastSaved = useRef<string | null>(null);
  const canLoad = Boolean(services.loadBatch);
  useEffect(() => {
    const load = servicesRef.current.loadBatch;
    if (!load) return;
    let live = true;
    load().then(
      (projects) => {
        if (!live) return;
        if (itemsRef.current.length === 0) lastSaved.current = projects.map((p) => p.id).join(' ');
        if (itemsRef.current.length === 0 && projects.length > 0) {
          const back = projects.map(restoredBatchItem);
          itemsRef.current = back;
          setItems(back);
          for (const item of back)
            if (item.projectId && item.status !== 'completed' && item.status !== 'failed')
              void followItem(item, item.projectId, { ...servicesRef.current, onChange });
        }
        setRestored(true);
      },
      () => live && setRestored(true),
    );
    return () => {
      live = false;
    };
  }, [onChange, canLoad]);
  const sentIds = items.flatMap((i) => (i.projectId ? [i.projectId] : [])).join(' ');
  useEffect(() => {
    const save = servicesRef.current.saveBatch;
    if (!restored || !save || lastSaved.current === sentIds) return;
    lastSaved.current = sentIds;
    // Kept on a best-effort basis: offline, the next change sends the whole list again.
    save(sentIds ? sentIds.split(' ') : []).catch(() => {
      lastSaved.current = null;
    });
  }, [restored, sentIds]);

  /** A confident detection presets the item's room type unless the user already picked one. */
  const analyse = (item: BatchItem, analyze: NonNullable<BatchServices['analyze']>, abort: AbortController) =>
    limit(async () => {
      if (abort.signal.aborted || !item.file) return;
      try {
        const result = await analyze(item.file, abort.signal);
        const current = itemsRef.current.find((i) => i.id === item.id);
        if (abort.signal.aborted || !current) return;
        if ('refused' in result) {
          onChange(item.id, { refused: true, status: 'failed', error: result.refused, detection: null });
          return;
        }
        const preset = result.confident && current.roomType === null;
        onChange(item.id, {
          detection: result.confident ? 'detected' : 'unsure',
          ...(preset ? { roomType: result.roomType } : {}),
        });
      } catch {
        // Like single photos: a failed analysis stays silent and the batch's room type applies.
        if (!abort.signal.aborted) onChange(item.id, { detection: null });
      }
    });

  const addFiles = (files: readonly File[]) => {
    const { accepted, dropped } = truncateBatch(files, BATCH_MAX - itemsRef.current.length);
    setNotice(
      dropped > 0
        ? `A batch holds at most ${BATCH_MAX} images: ${dropped} ${dropped === 1 ? 'was' : 'were'} left out.`
        : null,
    );
    const analyze = servicesRef.current.analyze;
    const added = accepted.map((file) => {
      // Not an image by its type: refused at once, with the reason in its row, and never sent.
      if (file.type !== '' && !file.type.startsWith('image/'))
        return {
          ...newBatchItem(file),
          refused: true,
          status: 'failed' as const,
          error: UPLOAD_MESSAGES.unsupportedType,
        };
      const item: BatchItem = {
        ...newBatchItem(file),
        thumbnailUrl: URL.createObjectURL(file),
        detection: analyze ? 'analysing' : null,
      };
      const abort = new AbortController();
      resources.current.set(item.id, {
        thumbnailUrl: item.thumbnailUrl ?? '',
        abort,
        analysed: analyze ? analyse(item, analyze, abort) : Promise.resolve(),
      });
      return item;
    });
    const next = [...itemsRef.current, ...added];
    itemsRef.current = next;
    setItems(next);
  };

  const remove = useCallback((id: string) => {
    release(resources.current, [id]);
    setItems((prev) => prev.filter((i) => i.id !== id));
    setNotice(null);
  }, []);

  const clear = useCallback(() => {
    release(
      resources.current,
      itemsRef.current.map((i) => i.id),
    );
    setItems([]);
    setNotice(null);
  }, []);

  /** The user's room type for one item, before it is generated. */
  const setRoomType = (id: string, roomType: RoomType) => onChange(id, { roomType });

  // An item is created with its room type as it stands once its analysis has answered; a refused one never.
  const deps = (): BatchDeps => ({
    ...servicesRef.current,
    onChange,
    createProject: async (item, run) => {
      await resources.current.get(item.id)?.analysed;
      const current = itemsRef.current.find((i) => i.id === item.id) ?? item;
      if (current.refused) throw new Error(current.error ?? undefined);
      return servicesRef.current.createProject(current, run);
    },
  });

  /**
   * Runs every item not yet completed, waiting in the upload queue or refused; counts what this run did,
   * with the refused photos it skipped among the failures. `max` runs only the first ones (what credits allow).
   */
  const start = async (max?: number) => {
    const all = itemsToProcess(itemsRef.current);
    const todo = all.slice(0, max);
    // Left for want of credits: each says why it is still pending, instead of no reason at all.
    const left = all.slice(todo.length);
    for (const item of left) onChange(item.id, { error: BATCH_NOT_RUN_REASON });
    for (const item of todo) if (item.error === BATCH_NOT_RUN_REASON) onChange(item.id, { error: null });
    const skipped = itemsRef.current.filter((i) => i.refused).length;
    setRunning(true);
    try {
      const outcome = await runBatch(todo, deps());
      return { ...outcome, failed: outcome.failed + skipped, notRun: left.length };
    } finally {
      setRunning(false);
    }
  };

  /** A failed item again; a refused photo would only be refused again. */
  const retry = async (id: string): Promise<boolean> => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item || item.status !== 'failed' || item.refused) return false;
    setRunning(true);
    try {
      return (await processItem(item, deps())) === 'completed';
    } finally {
      setRunning(false);
    }
  };

  return { items, running, notice, addFiles, remove, clear, setRoomType, start, retry };
}

/** Stops the items' analyses and frees their thumbnails. */
function release(held: Map<string, ItemResources>, ids: readonly string[]): void {
  for (const id of ids) {
    const r = held.get(id);
    if (!r) continue;
    r.abort.abort();
    URL.revokeObjectURL(r.thumbnailUrl);
    held.delete(id);
  }
}
