/**
 * Runs `work` while holding the Web Lock `name`, so no other tab nor the service worker runs it at the
 * same time; where Web Locks are missing it just runs (the queue still keeps one flush per context).
 */
export async function exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? await locks.request(name, () => work()) : await work();
}
