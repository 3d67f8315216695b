import type { ProviderCallDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

export type NewProviderCall = Omit<ProviderCallDoc, '_id' | 'at'>;

/** Dollars and calls of one group of the cost report. */
export interface CostLine {
  key: string;
  calls: number;
  images: number;
  usd: number;
  /** Calls the price table could not price (their cost is missing from `usd`). */
  unpriced: number;
}

export interface CostReport {
  since: Date;
  total: CostLine;
  byDay: CostLine[];
  byPlan: CostLine[];
  byMode: CostLine[];
  /** What the calls were for: staging, retries, analysis, second opinions, upscales. */
  byPurpose: CostLine[];
  byModel: CostLine[];
  /** Which API key made the project the call was for ('the app' for the rest). */
  byApiKey: CostLine[];
}

function group(calls: ProviderCallDoc[], keyOf: (c: ProviderCallDoc) => string): CostLine[] {
  const lines = new Map<string, CostLine>();
  for (const c of calls) {
    const key = keyOf(c);
    const line = lines.get(key) ?? { key, calls: 0, images: 0, usd: 0, unpriced: 0 };
    line.calls += 1;
    line.images += c.kind === 'analysis' ? 0 : c.images;
    line.usd = Math.round((line.usd + (c.usd ?? 0)) * 1_000_000) / 1_000_000;
    if (c.usd === null) line.unpriced += 1;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Every provider call with its estimated cost; the cost report reads them back grouped. */
export function providerCallsRepository(
  calls: DocCollection<ProviderCallDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    async record(call: NewProviderCall): Promise<ProviderCallDoc> {
      const doc: ProviderCallDoc = { ...call, _id: crypto.randomUUID(), at: now() };
      await calls.insertOne(doc);
      return doc;
    },
    /** A deleted account's calls keep their cost for the operator's totals but no longer name its projects. */
    async forgetProjects(projectIds: string[]): Promise<void> {
      if (projectIds.length > 0)
        await calls.updateMany({ projectId: { $in: projectIds } }, { $set: { projectId: null } });
    },
    /** Calls of a project, oldest first. */
    forProject: (projectId: string) => calls.find({ projectId }, { sort: { at: 1 } }),
    /** Cost per day (UTC), plan, mode, purpose and model of the calls since `since`. */
    async report(since: Date, apiKeyOfProject: ReadonlyMap<string, string> = new Map()): Promise<CostReport> {
      const all = await calls.find({ at: { $gte: since } }, { sort: { at: 1 } });
      const [total] = group(all, () => 'total');
      return {
        since,
        total: total ?? { key: 'total', calls: 0, images: 0, usd: 0, unpriced: 0 },
        byDay: group(all, (c) => c.at.toISOString().slice(0, 10)),
        byPlan: group(all, (c) => c.plan ?? 'unknown'),
        byMode: group(all, (c) => c.mode ?? c.purpose),
        byPurpose: group(all, (c) => c.purpose),
        byModel: group(all, (c) => `${c.provider} ${c.model}`),
        byApiKey: group(all, (c) => (c.projectId && apiKeyOfProject.get(c.projectId)) || 'the app'),
      };
    },
  };
}
export type ProviderCallsRepository = ReturnType<typeof providerCallsRepository>;
