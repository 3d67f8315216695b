import { Readable, type PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** The path inside the archive (`originals/01-living-room.jpg`). */
  name: string;
  /** Made when the archive is about to write it (or a few entries before), never all at once. */
  data: () => Promise<Buffer>;
  /** JPEGs are already compressed: stored as they are unless this says otherwise. */
  compress?: boolean;
  mtime?: Date;
}

export interface ZipOptions {
  /** Entries prepared ahead of the one being written, so the next photo renders while this one is sent. */
  ahead: number;
  /** Told once when an entry cannot be made; the stream is then destroyed, so the client sees a failed download. */
  onError: (err: unknown) => void;
}

/**
 * A ZIP as a stream that holds only the entries in flight: each entry's bytes are made when the archive
 * reaches it and piped with backpressure, so memory stays flat however many entries there are and
 * however slowly the client reads. A client that goes away stops the work.
 */
export function streamZip(entries: ZipEntry[], { ahead, onError }: ZipOptions): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings only say readable.
  const out = zip.outputStream as PassThrough;
  const made = new Map<number, Promise<Buffer>>();
  let stopped = false;
  const make = (i: number): Promise<Buffer> | undefined => {
    const entry = entries[i];
    if (!entry || stopped) return made.get(i);
    let pending = made.get(i);
    if (!pending) {
      pending = entry.data();
      // Rejections are reported when the archive reaches the entry, not as unhandled here.
      pending.catch(() => undefined);
      made.set(i, pending);
    }
    return pending;
  };
  let failed = false;
  const fail = (err: unknown) => {
    stopped = true;
    if (failed) return;
    failed = true;
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  };

  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(
      entry.name,
      { compress: entry.compress ?? false, ...(entry.mtime ? { mtime: entry.mtime } : {}) },
      (cb) => {
        for (let k = 1; k <= ahead; k++) void make(i + k);
        const pending = make(i);
        made.delete(i);
        if (!pending) return cb(new Error('The download was stopped.'), Readable.from([]));
        pending.then(
          (data) => cb(null, Readable.from([data])),
          (err: unknown) => cb(err, Readable.from([])),
        );
      },
    );
  });
  zip.end();
  zip.on('error', fail);
  // A client that disconnects closes the stream: nothing more is made for it.
  out.on('close', () => {
    stopped = true;
    made.clear();
  });
  out.on('error', () => undefined);
  return out;
}
