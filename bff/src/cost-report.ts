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
    ...section('Per API key:', report.byApiKey),
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
    const repos = createRepositories(store);
    // Named as Settings shows them, with their owner, so the operator can tell whose integration costs what.
    const names = new Map(
      (await repos.apiKeys.listAll()).map((k) => [k._id, `${k.name} (${k.prefix}…, ${k.userId})`]),
    );
    const byProject = new Map(
      [...(await repos.projects.apiKeyOfProjects())].map(([p, k]) => [p, names.get(k) ?? k]),
    );
    return { ok: true, lines: formatCostReport(await repos.providerCalls.report(since, byProject)) };
  } finally {
    await store.close();
  }
}
