/** "A job was queued": lets the upload route wake an in-process worker instead of waiting for its next poll. */
export interface JobSignal {
  notify(): void;
  subscribe(listener: () => void): () => void;
}

export function createJobSignal(): JobSignal {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A sleep that ends early when woken (a new job, or the worker stopping). */
export class Wakeable {
  private waiters = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }

  wake(): void {
    for (const done of [...this.waiters]) done();
  }
}
