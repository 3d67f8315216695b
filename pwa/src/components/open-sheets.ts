import { useEffect, useSyncExternalStore } from 'react';

/** How many sheet dialogs are open now: toasts keep clear of them. */
let openSheets = 0;
const listeners = new Set<() => void>();

function change(by: number) {
  openSheets += by;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts a sheet dialog as open while `open` is true and it is mounted. */
export function useOpenSheet(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    change(1);
    return () => change(-1);
  }, [open]);
}

/** Whether any sheet dialog is open (never during server rendering). */
export function useAnySheetOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openSheets > 0,
    () => false,
  );
}
