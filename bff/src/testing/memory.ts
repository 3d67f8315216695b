import v8 from 'node:v8';
import vm from 'node:vm';

export interface MemorySample {
  /** JS objects still reachable after a full collection. */
  heapUsed: number;
  /** Buffers and other off-heap bytes owned by JS (uploads live here). */
  arrayBuffers: number;
  /** The whole process, native allocations (libvips) included. */
  rss: number;
}

let gc: (() => void) | undefined;

/** Memory after full garbage collections, so two samples compare what is kept, not what awaits collection. */
export async function settledMemory(): Promise<MemorySample> {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  for (let i = 0; i < 3; i++) {
    gc();
    // Let finalizers and freed native buffers run between collections.
    await new Promise((r) => setImmediate(r));
  }
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  return { heapUsed, arrayBuffers, rss };
}
