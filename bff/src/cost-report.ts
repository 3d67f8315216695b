import type { Config } from './config';
import { openConfiguredStore } from './start-up';
import { createRepositories, type CostLine, type CostReport } from './store';

const money = (usd: number) => `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
const row = (l: CostLine) =>
  `  ${l.key.padEnd(40)} ${String(l.calls).padStart(6)} calls ${String(l.images).padStart(6)} images ${money(l.usd).padStart(10)}` +
  (l.unpriced > 0 ? `  (${l.unpriced} not priced)` : '');

/** The cost report as the operator reads it: per day, plan, mode, purpose and model, then the total. */
export function formatCostReport(report: CostReport): string[] {
  const section = (title: string, lines: CostLine[]) => [
    title,
    ...(lines.length > 0 ? lines.map(row) : ['  none']),
  ];
  return [
    `Estimated AI provider costs since ${report.since.toISOString().slice(0, 10)} (from the price table in bff/src/ai/prices.ts; the providers' invoices are the truth)`,
    ...section('Per day (UTC):', report.byDay),
    ...section('Per plan:', report.byPlan),
    ...section('Per mode:', report.byMode),
    ...section('Per purpose:', report.byPurpose),
    ...section('Per model:', report.byModel),
    row(report.total),
    ...(report.undated > 0
      ? [`Skipped ${report.undated} record(s) with no readable date: they are in no total above.`]
      : []),
    ...(report.repaired > 0
      ? [
          `Read ${report.repaired} record(s) whose images or dollars were stored as text (unreadable ones counted as none or unpriced).`,
        ]
      : []),
  ];
}

/** `npm run report:costs [-- --days N]`: reads the configured store (the embedded one by default). */
export async function reportCosts(config: Config, days: number): Promise<{ ok: boolean; lines: string[] }> {
  const store = await openConfiguredStore(config);
  try {
    const since = new Date(Date.now() - days * 24 * 3600 * 1000);
    return { ok: true, lines: formatCostReport(await createRepositories(store).providerCalls.report(since)) };
  } finally {
    await store.close();
  }
}
