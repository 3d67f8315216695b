import { BATCH_MAX } from '@shared/domain';
import { useCallback, useRef, useState } from 'react';
import {
  newBatchItem,
  processItem,
  runBatch,
  truncateBatch,
  type BatchDeps,
  type BatchItem,
} from './batch-runner';

export type BatchServices = Pick<BatchDeps, 'createProject' | 'getStatus' | 'sleep'>;

/** Batch state: the picked items, a sequential run, and a retry of one failed item. */
export function useBatch(services: BatchServices) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const servicesRef = useRef(services);
  servicesRef.current = services;

  const onChange = useCallback((id: string, patch: Partial<BatchItem>) => {
    setItems((prev) => {
      const next = prev.map((i) => (i.id === id ? { ...i, ...patch } : i));
      itemsRef.current = next;
      return next;
    });
  }, []);

  const deps = (): BatchDeps => ({ ...servicesRef.current, onChange });

  const addFiles = useCallback((files: readonly File[]) => {
    const images = files.filter((f) => f.type === '' || f.type.startsWith('image/'));
    const { accepted, dropped } = truncateBatch(images, BATCH_MAX - itemsRef.current.length);
    setNotice(
      dropped > 0
        ? `A batch holds at most ${BATCH_MAX} images: ${dropped} ${dropped === 1 ? 'was' : 'were'} left out.`
        : null,
    );
    setItems((prev) => {
      const next = [...prev, ...accepted.map(newBatchItem)];
      itemsRef.current = next;
      return next;
    });
  }, []);

  const remove = useCallback((id: string) => {
    setItems((prev) => prev.filter((i) => i.id !== id));
    setNotice(null);
  }, []);

  const clear = useCallback(() => {
    setItems([]);
    setNotice(null);
  }, []);

  /** Runs every item not yet completed nor waiting in the upload queue; counts what this run did. */
  const start = async () => {
    const todo = itemsRef.current.filter((i) => i.status !== 'completed' && !i.waiting);
    setRunning(true);
    try {
      return await runBatch(todo, deps());
    } finally {
      setRunning(false);
    }
  };

  const retry = async (id: string): Promise<boolean> => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item || item.status !== 'failed') return false;
    setRunning(true);
    try {
      return (await processItem(item, deps())) === 'completed';
    } finally {
      setRunning(false);
    }
  };

  return { items, running, notice, addFiles, remove, clear, start, retry };
}
