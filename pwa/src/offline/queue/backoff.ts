/** How long a queue waits after failed tries: doubling from `baseMs`, never more than `maxMs`. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

/** The wait after `attempts` tries: base, twice that, four times ... capped. */
export const backoffDelay = (attempts: number, { baseMs, maxMs }: Backoff): number =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

/** How much later than due a retry timer may wake, as a share of its wait. */
export const JITTER_SHARE = 0.2;

/**
 * `ms` plus up to a fifth more, at random: devices that lost the server at the same moment do not all
 * come back to it at the same moment. Only timers get it; stored due times stay exact for every tab.
 */
export const withJitter = (ms: number, random: () => number = Math.random): number =>
  Math.round(ms * (1 + JITTER_SHARE * random()));
