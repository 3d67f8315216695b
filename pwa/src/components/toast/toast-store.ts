import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/domain';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Milliseconds; defaults to the product's 5000. */
  duration?: number;
}
export interface Toast extends ToastInput {
  id: number;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l(toasts);
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast; the product allows one at a time, so a new one replaces the current. */
export function showToast(input: ToastInput): number {
  const toast: Toast = { ...input, id: nextId++ };
  const kept = [...toasts, toast];
  for (const old of kept.slice(0, Math.max(0, kept.length - TOAST_LIMIT))) {
    clearTimeout(timers.get(old.id));
    timers.delete(old.id);
  }
  toasts = kept.slice(-TOAST_LIMIT);
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), input.duration ?? TOAST_DURATION_MS),
  );
  emit();
  return toast.id;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}
