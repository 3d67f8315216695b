import { useSyncExternalStore } from 'react';

/** Any screen can ask for the sign-in dialog; the dialog itself is mounted once in the app. */
export type SignInView = 'choose' | 'login' | 'register' | 'forgot';

let state: { open: boolean; view: SignInView } = { open: false, view: 'choose' };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function openSignIn(view: SignInView = 'choose'): void {
  state = { open: true, view };
  emit();
}

export function closeSignIn(): void {
  state = { ...state, open: false };
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getState = () => state;

export function useSignInDialogState() {
  // Closed when the page is rendered at build time, as on the first render in the browser.
  return useSyncExternalStore(subscribe, getState, getState);
}
