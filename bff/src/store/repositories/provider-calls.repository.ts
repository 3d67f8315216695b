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
  /** Records left out of every total: no readable date (so no day to count them in). */
  undated: number;
  /** Records whose numbers were stored as text and read as numbers, or unreadable and counted as none. */
  repaired: number;
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

/** A number as stored, or one written as text ('0.4'); null when there is none to read. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A call as the report counts it: its images and dollars as numbers (unreadable dollars: unpriced). */
interface CountedCall {
  call: ProviderCallDoc;
  at: Date;
  images: number;
  usd: number | null;
  repaired: boolean;
}

function counted(call: ProviderCallDoc): CountedCall | null {
  const at = call.at as unknown;
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) return null;
  const images = numberOf(call.images);
  const usd = numberOf(call.usd);
  const repaired = typeof call.images !== 'number' || (call.usd !== null && typeof call.usd !== 'number');
  return { call, at, images: images ?? 0, usd, repaired };
}

function group(calls: CountedCall[], keyOf: (c: CountedCall) => string): CostLine[] {
  const lines = new Map<string, CostLine>();
  for (const c of calls) {
    const key = keyOf(c);
    const line = lines.get(key) ?? { key, calls: 0, images: 0, usd: 0, unpriced: 0 };
    line.calls += 1;
    line.images += c.call.kind === 'analysis' ? 0 : c.images;
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
    /**
     * Cost per day (UTC), plan, mode, purpose and model of the calls since `since`. Records written by hand or by an
     * older version are read as far as they can be, and the ones that cannot be placed are counted.
     */
    async report(since: Date, apiKeyOfProject: ReadonlyMap<string, string> = new Map()): Promise<CostReport> {
      const dated = await calls.find({ at: { $gte: since } }, { sort: { at: 1 } });
      const all = dated.map(counted).filter((c): c is CountedCall => c !== null);
      // Records with no date (or one stored as text) match no date range: counted apart, not dropped silently.
      const [every, before] = await Promise.all([
        calls.countDocuments({}),
        calls.countDocuments({ at: { $lt: since } }),
      ]);
      const undated = every - before - dated.length;
      const [total] = group(all, () => 'total');
      return {
        since,
        undated: undated + dated.length - all.length,
        repaired: all.filter((c) => c.repaired).length,
        total: total ?? { key: 'total', calls: 0, images: 0, usd: 0, unpriced: 0 },
        byDay: group(all, (c) => c.at.toISOString().slice(0, 10)),
        byPlan: group(all, (c) => c.call.plan ?? 'unknown'),
        byMode: group(all, (c) => c.call.mode ?? c.call.purpose),
        byPurpose: group(all, (c) => c.call.purpose),
        byModel: group(all, (c) => `${c.call.provider} ${c.call.model}`),
        byApiKey: group(all, (c) => (c.call.projectId && apiKeyOfProject.get(c.call.projectId)) || 'the app'),
      };
    },
  };
}
export type ProviderCallsRepository = ReturnType<typeof providerCallsRepository>;
