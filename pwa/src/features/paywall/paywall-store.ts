import { useSyncExternalStore } from 'react';

/** Any flow that meets a 402 or canGenerate false (single, batch, the upload queue) can open the one paywall. */
let open = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openPaywall(): void {
  open = true;
  emit();
}

export function closePaywall(): void {
  open = false;
  emit();
}

export function usePaywallOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
