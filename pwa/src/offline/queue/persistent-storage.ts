/** Keeps queued items from being evicted under storage pressure (asked when a queue gets its first item). */
export async function askPersistentStorage(): Promise<void> {
  // `persist` exists in windows only (queues also run in the service worker).
  const storage =
    'document' in globalThis
      ? (navigator.storage as (StorageManager & { persist?: () => Promise<boolean> }) | undefined)
      : undefined;
  if (!storage?.persist || (await storage.persisted?.().catch(() => false))) return;
  await storage.persist().catch(() => false);
}
