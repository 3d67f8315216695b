import { statfs } from 'node:fs/promises';

export interface DiskState {
  /** Bytes the process may still write where the data lives; null when it cannot be told. */
  freeBytes: number | null;
  /** Below the floor: new uploads and accounts are refused, reads go on. */
  low: boolean;
}

export interface DiskSpace {
  state(): Promise<DiskState>;
}

type StatFs = (dir: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/** A probe that does not watch any disk (the data lives in MongoDB, on another machine). */
export const UNWATCHED_DISK: DiskSpace = { state: () => Promise.resolve({ freeBytes: null, low: false }) };

/** Free space of the file system holding `dir`, read at most once a second (uploads ask on every request). */
export function watchDiskSpace(dir: string, floorBytes: number, read: StatFs = statfs): DiskSpace {
  let cached: { at: number; state: Promise<DiskState> } | null = null;
  const measure = async (): Promise<DiskState> => {
    try {
      const s = await read(dir);
      const freeBytes = Number(s.bavail) * Number(s.bsize);
      return { freeBytes, low: freeBytes < floorBytes };
    } catch {
      return { freeBytes: null, low: false };
    }
  };
  return {
    state() {
      const now = Date.now();
      if (!cached || now - cached.at > 1000) cached = { at: now, state: measure() };
      return cached.state;
    },
  };
}
