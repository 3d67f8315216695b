import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, type NewProviderCall } from '../repositories';
import { formatCostReport } from '../../cost-report';
import { BACKENDS, announceSkips, createHarness, type Harness } from './harness';

announceSkips('provider calls contract');

const call = (over: Partial<NewProviderCall> = {}): NewProviderCall => ({
  provider: 'openai',
  model: 'gpt-image-2',
  kind: 'image',
  purpose: 'staging',
  plan: 'pro',
  mode: 'stage',
  projectId: 'p1',
  size: '1536x1024',
  quality: 'high',
  images: 1,
  ok: true,
  usd: 0.25,
  ...over,
});

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`provider calls contract: ${backend.name}`, () => {
    let h: Harness;
    beforeEach(async () => {
      h = await createHarness(backend.name);
    });
    afterEach(() => h.dispose());

    it('keeps every call with its cost, and reports them per day, plan, mode and model', async () => {
      let clock = new Date('2026-11-26T10:00:00Z');
      const repos = createRepositories(h.store, () => clock);
      await repos.providerCalls.record(call());
      await repos.providerCalls.record(call({ purpose: 'strict-retry', usd: 0.25 }));
      await repos.providerCalls.record(
        call({ kind: 'analysis', purpose: 'analysis', model: 'gpt-4.1-mini', mode: null, usd: 0.0003 }),
      );
      clock = new Date('2026-11-27T09:00:00Z');
      await repos.providerCalls.record(
        call({ plan: 'demo', mode: 'multi-view', projectId: 'p2', images: 1, usd: 0.05 }),
      );
      await repos.providerCalls.record(
        call({
          plan: null,
          mode: null,
          purpose: 'upscale',
          kind: 'upscale',
          projectId: 'p3',
          provider: 'replicate',
          model: 'nightmareai/real-esrgan',
          usd: null,
        }),
      );
      await h.restart();

      const report = await h.repos.providerCalls.report(new Date('2026-11-01T00:00:00Z'));
      expect(report.total).toMatchObject({ calls: 5, usd: 0.5503, unpriced: 1 });
      expect(report.byDay.map((l) => [l.key, l.calls, l.usd])).toEqual([
        ['2026-11-26', 3, 0.5003],
        ['2026-11-27', 2, 0.05],
      ]);
      expect(report.byPlan.map((l) => [l.key, l.usd])).toEqual([
        ['demo', 0.05],
        ['pro', 0.5003],
        ['unknown', 0],
      ]);
      expect(report.byMode.map((l) => [l.key, l.calls])).toEqual([
        ['analysis', 1],
        ['multi-view', 1],
        ['stage', 2],
        ['upscale', 1],
      ]);
      expect((await h.repos.providerCalls.report(new Date('2026-11-27T00:00:00Z'))).total.calls).toBe(2);
      // Calls of one moment come in any order.
      expect((await h.repos.providerCalls.forProject('p1')).map((c) => c.purpose).sort()).toEqual([
        'analysis',
        'staging',
        'strict-retry',
      ]);
      // A deleted account's calls stay in the totals without naming its projects.
      await h.repos.providerCalls.forgetProjects(['p1', 'p2']);
      expect(await h.repos.providerCalls.forProject('p1')).toEqual([]);
      expect((await h.repos.providerCalls.forProject('p3')).length).toBe(1);
      expect((await h.repos.providerCalls.report(new Date('2026-11-01T00:00:00Z'))).total.calls).toBe(5);
    });

    it('reads numbers stored as text, and counts and names the records it cannot date instead of dropping them', async () => {
      const raw = h.store.collections.providerCalls;
      const at = new Date('2026-11-26T10:00:00Z');
      const base = { ...call(), at };
      await raw.insertOne({
        ...base,
        _id: 'text-numbers',
        images: '5' as unknown as number,
        usd: '0.4' as unknown as number,
      });
      await raw.insertOne({
        ...base,
        _id: 'unreadable',
        images: 'many' as unknown as number,
        usd: 'lots' as unknown as number,
      });
      await raw.insertOne({ ...base, _id: 'plain', images: 1, usd: 0.25 });
      const { at: _dropped, ...undated } = base;
      await raw.insertOne({ ...undated, _id: 'no-date' } as unknown as typeof base & { _id: string });
      await raw.insertOne({ ...base, _id: 'text-date', at: '2026-11-26' as unknown as Date });
      await h.restart();

      const report = await h.repos.providerCalls.report(new Date('2026-11-01T00:00:00Z'));
      expect(report.total).toMatchObject({ calls: 3, images: 6, usd: 0.65, unpriced: 1 });
      expect(report).toMatchObject({ undated: 2, repaired: 2 });
      const printed = formatCostReport(report).join('\n');
      expect(printed).not.toMatch(/NaN/);
      expect(printed).toContain('Skipped 2 record(s) with no readable date');
    });
  });
}
