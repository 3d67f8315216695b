import { clearUserCaches } from './user-caches';

const KEY = 'stagely-device-account';

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: nothing to compare, nothing to clear
  }
}

function write(userId: string | null): void {
  try {
    if (userId === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, userId);
  } catch {
    // storage blocked: the caches are per-session anyway
  }
}

/**
 * Records whose data this device's caches hold. When another account was the last one here (its session
 * ended without a log-out), its cached images are dropped and true is returned so the caller drops the
 * rest of that account's data. Unknown before (first use, or after a log-out that already cleared
 * everything): nothing to drop.
 */
export function takeOverDevice(userId: string): boolean {
  const previous = read();
  if (previous === userId) return false;
  write(userId);
  if (previous === null) return false;
  void clearUserCaches();
  return true;
}

/** Log-out and account deletion: the caches were just cleared, so they belong to nobody. */
export function releaseDevice(): void {
  write(null);
}
