import { beforeEach, describe, expect, it, vi } from 'vitest';
import { releaseDevice, takeOverDevice } from './device-account';
import { PROJECT_IMAGES_CACHE } from '../../lib/cache-names';

/** A CacheStorage with one cache per name, enough to see what is deleted. */
function fakeCaches() {
  const names = new Set<string>();
  const storage = {
    open: (name: string) => Promise.resolve(names.add(name)),
    has: (name: string) => Promise.resolve(names.has(name)),
    delete: (name: string) => Promise.resolve(names.delete(name)),
  };
  vi.stubGlobal('caches', storage);
  return storage;
}

describe('device account', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("drops another account's cached images when a different account signs in, never the same one's", async () => {
    const storage = fakeCaches();
    expect(takeOverDevice('ana')).toBe(false); // first use: whose the caches are is unknown, so they stay
    await storage.open(PROJECT_IMAGES_CACHE);
    expect(takeOverDevice('ana')).toBe(false);
    await Promise.resolve();
    expect(await storage.has(PROJECT_IMAGES_CACHE)).toBe(true);

    expect(takeOverDevice('ben')).toBe(true); // Ana's session ended without a log-out; Ben signed in
    await vi.waitFor(async () => expect(await storage.has(PROJECT_IMAGES_CACHE)).toBe(false));
    expect(takeOverDevice('ben')).toBe(false);
  });

  it('after a log-out the caches belong to nobody: the next account takes them over without a reset', () => {
    fakeCaches();
    takeOverDevice('ana');
    releaseDevice();
    expect(takeOverDevice('ben')).toBe(false);
  });
});
