import { useSyncExternalStore } from 'react';

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const isOnline = () => navigator.onLine;
const assumeOnline = () => true;

/** Whether the browser has a network; rendered at build time the page assumes it has. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, assumeOnline);
}
