import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, chromePath } from '../e2e/support/browser';
import { runCommand } from './support/processes';
import { noChromium, startAppServer } from './support/resources';
import type { Bench, BenchRow } from './types';

const RUNS = 3;
const CATEGORIES = [
  { id: 'performance', label: 'performance', target: 100 },
  { id: 'accessibility', label: 'accessibility', target: 100 },
  { id: 'best-practices', label: 'best practices', target: 100 },
  { id: 'seo', label: 'SEO', target: 100 },
] as const;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
/** The hero text is the largest paint: it must come from the HTML, not wait for the JavaScript. */
const LCP_TARGET_MS = 1200;

interface Run {
  scores: Record<string, number>;
  lcpMs: number;
  metrics: Record<string, string>;
  /** Audits that cost points, for finding what to fix. */
  failing: string[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The parts of Lighthouse's JSON report (its `lhr`) the bench reads. */
interface LighthouseReport {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    { score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number } | undefined
  >;
}

/** Lighthouse's CLI, one of the bench's own packages (bench/package.json), which CI does not install. */
const LIGHTHOUSE_CLI = fileURLToPath(new URL('./node_modules/.bin/lighthouse', import.meta.url));

/**
 * One Lighthouse 12 run with its default (mobile, simulated throttling) settings in a fresh profile, through its CLI
 * (which starts and stops Chrome itself) in its own process.
 */
async function lighthouseOnce(url: string): Promise<Run> {
  if (!existsSync(LIGHTHOUSE_CLI)) throw new Error('Lighthouse is not installed: npm run bench installs it');
  const out = await runCommand(
    LIGHTHOUSE_CLI,
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${CATEGORIES.map((c) => c.id).join(',')}`,
      `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
    ],
    { CHROME_PATH: chromePath },
  );
  const { categories, audits } = JSON.parse(out) as LighthouseReport;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c.id, Math.round((categories[c.id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(METRICS.map((m) => [m, audits[m]?.displayValue ?? '?']));
  const failing = Object.entries(audits)
    .filter(
      ([, a]) => a && a.score !== null && a.score < 0.9 && ['binary', 'numeric'].includes(a.scoreDisplayMode),
    )
    .map(([id, a]) => `${id}${a?.displayValue ? ` (${a.displayValue})` : ''}`);
  const lcpMs = audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
  return { scores, metrics, lcpMs, failing };
}

/** Lighthouse mobile scores of the landing page served by the real BFF: the median of 3 runs. */
export const lighthouseBench: Bench = {
  name: 'lighthouse',
  async run() {
    const skipped = noChromium();
    if (skipped) return skipped;
    const server = await startAppServer();
    try {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lighthouseOnce(`${server.url}/`));
      const perfMedian = median(runs.map((r) => r.scores.performance ?? 0));
      const typical = runs.find((r) => r.scores.performance === perfMedian) ?? runs[0];
      const rows: BenchRow[] = CATEGORIES.map((c) => {
        const scores = runs.map((r) => r.scores[c.id] ?? 0);
        const value = median(scores);
        return {
          figure: `landing, mobile: ${c.label} (median of ${RUNS})`,
          value: `${value} (runs: ${scores.join(', ')})`,
          target: String(c.target),
          ok: value >= c.target,
          data: { score: value, runs: scores.join(',') },
        };
      });
      const lcps = runs.map((r) => r.lcpMs);
      const lcp = median(lcps);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      rows.push({
        figure: `landing, mobile: LCP (median of ${RUNS})`,
        value: `${seconds(lcp)} (runs: ${lcps.map(seconds).join(', ')})`,
        target: `<= ${seconds(LCP_TARGET_MS)}`,
        ok: lcp <= LCP_TARGET_MS,
        data: { ms: Math.round(lcp), runs: lcps.map(Math.round).join(',') },
      });
      rows.push({
        figure: 'median-performance run: FCP, LCP, TBT, CLS, SI',
        value: METRICS.map((m) => typical?.metrics[m]).join(', '),
        data: { ...typical?.metrics, failing: typical?.failing.join('; ') ?? '' },
      });
      return rows;
    } finally {
      await server.stop();
    }
  },
};
