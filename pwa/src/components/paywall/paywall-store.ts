import { useSyncExternalStore } from 'react';

/** Why the paywall opened when the server said so itself (its sentence), instead of the generation limit. */
export interface PaywallReason {
  title: string;
  message: string;
  /** A smaller run that fits the credits left (e.g. the first photos of a batch), offered beside Upgrade. */
  fit?: { label: string; run: () => void };
}

/** Any flow that meets a 402 or canGenerate false (single, batch, the upload queue) can open the one paywall. */
let state: { open: boolean; reason: PaywallReason | null } = { open: false, reason: null };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Opens the paywall: on the generation limit, or on `reason` (the server's sentence, e.g. a 402's). */
export function openPaywall(reason: PaywallReason | null = null): void {
  state = { open: true, reason };
  emit();
}

export function closePaywall(): void {
  state = { open: false, reason: null };
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const current = () => state;

function usePaywallState() {
  // Closed when the page is rendered at build time, as on the first render in the browser.
  return useSyncExternalStore(subscribe, current, current);
}

export function usePaywallOpen(): boolean {
  return usePaywallState().open;
}

/** What the open paywall says instead of the generation limit; null for the limit itself. */
export function usePaywallReason(): PaywallReason | null {
  return usePaywallState().reason;
}
