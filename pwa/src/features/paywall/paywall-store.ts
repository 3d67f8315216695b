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

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const isOpen = () => open;

export function usePaywallOpen(): boolean {
  // Closed when the page is rendered at build time, as on the first render in the browser.
  return useSyncExternalStore(subscribe, isOpen, isOpen);
}
