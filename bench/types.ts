/** One line of the bench table: a measured figure, and its target when quality.md sets one. */
export interface BenchRow {
  figure: string;
  value: string;
  target?: string;
  /** Undefined for figures without a target. */
  ok?: boolean;
  /** How to reproduce this figure; run.ts fills in `npm run bench -- --only <bench>` when unset. */
  command?: string;
  /** Raw numbers for the JSON results. */
  data?: Record<string, number | string>;
}

export interface Bench {
  /** The `--only` name. */
  name: string;
  run(args: string[]): Promise<BenchRow[]>;
}
