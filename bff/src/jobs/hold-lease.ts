import type { Repositories } from '../store';

/** A claimed job's lease, kept while it runs; `signal` aborts when the lease is lost or the worker stops. */
export interface HeldLease {
  signal: AbortSignal;
  /** Stops renewing and listening for the worker's stop (call once the job is over). */
  release(): void;
}

/** Renews the job's lease every third of its length, so a job that outlives one lease is not taken over. */
export function holdLease(
  projects: Repositories['projects'],
  job: { id: string; workerId: string; leaseMs: number },
  stopSignal: AbortSignal,
): HeldLease {
  const abort = new AbortController();
  const onStop = () => abort.abort();
  stopSignal.addEventListener('abort', onStop);
  const renew = setInterval(
    () => {
      projects.renewLease(job.id, job.workerId, job.leaseMs).then(
        (held) => held || abort.abort(),
        () => undefined,
      );
    },
    Math.max(200, Math.floor(job.leaseMs / 3)),
  );
  return {
    signal: abort.signal,
    release() {
      clearInterval(renew);
      stopSignal.removeEventListener('abort', onStop);
    },
  };
}
