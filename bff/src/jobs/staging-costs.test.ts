import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@shared/api';
import { estimateUsd } from '../ai';
import { formatCostReport } from '../cost-report';
import { signUp } from '../testing/auth-helpers';
import type { CookieJar } from '../testing/cookie-jar';
import { FakeOpenAI } from '../testing/fake-openai';
import { makePhoto } from '../testing/images';
import { spawnNode } from '../testing/processes';
import { createRepositories, openStore } from '../store';
import { postProject, waitForFinish } from '../testing/staging-helpers';
import { useTestApp } from '../testing/use-test-app';

const TUNING = { pollMs: 50, retryBaseMs: 50, progressTickMs: 100, leaseMs: 3000 };

describe('the estimated cost of every provider call, stored and reported', () => {
  const fake = new FakeOpenAI();
  beforeAll(() => fake.listen());
  afterAll(() => fake.close());
  const t = useTestApp({
    env: () => ({ ...fake.env, IMAGE_MODEL_FREE: 'gpt-image-2.6-flare', IMAGE_QUALITY_FREE: 'low' }),
    worker: TUNING,
  });
  let jar: CookieJar;
  beforeAll(async () => {
    jar = (await signUp(t.url)).jar;
  });

  const stage = async (fields: Record<string, string>) => {
    const res = await postProject(t.url, jar, {
      fields,
      photo: await makePhoto({ width: 1600, height: 1200 }),
    });
    expect(res.status).toBe(201);
    const { project } = await waitForFinish(t.url, jar, ((await res.json()) as Project).id);
    expect(project.status).toBe('completed');
    return project;
  };

  it("stores each call of a staging with the plan's model, quality and estimated cost", async () => {
    const project = await stage({ stagingMode: 'multi-view', roomType: 'other' });
    const calls = await t.deps.repos.providerCalls.forProject(project.id);
    // The room type was unknown: one analysis, then one image request per option, and a second opinion
    // on each option (metered apart).
    const rows = calls.map((c) => [c.purpose, c.kind, c.model, c.quality, c.plan, c.mode]);
    expect(rows.filter((r) => r[0] !== 'second-opinion')).toEqual([
      ['analysis', 'analysis', 'gpt-6-luna', null, 'free', 'multi-view'],
      ...Array.from({ length: 3 }, () => [
        'staging',
        'image',
        'gpt-image-2.6-flare',
        'low',
        'free',
        'multi-view',
      ]),
    ]);
    expect(rows.filter((r) => r[0] === 'second-opinion')).toEqual(
      Array.from({ length: 3 }, () => [
        'second-opinion',
        'analysis',
        'gpt-6-luna',
        null,
        'free',
        'multi-view',
      ]),
    );
    const image = calls.find((c) => c.purpose === 'staging');
    expect(image?.usd).toBe(
      estimateUsd({
        provider: 'openai',
        model: 'gpt-image-2.6-flare',
        quality: 'low',
        size: image?.size ?? '',
        images: 1,
      }),
    );
    expect(image?.usd).toBeGreaterThan(0);
  });

  it('marks a job retry, and reports cost per day, plan and mode, from the store CLI on the embedded store', async () => {
    fake.failNext(500, 1);
    const project = await stage({ stagingMode: 'stage', roomType: 'kitchen' });
    const calls = await t.deps.repos.providerCalls.forProject(project.id);
    // The 500 was refused before any work: not billed, not stored; the second attempt is a retry.
    expect(calls.map((c) => c.purpose)).toEqual(['retry', 'second-opinion']);

    const report = await t.deps.repos.providerCalls.report(new Date(Date.now() - 3600_000));
    expect(report.byMode.map((l) => [l.key, l.calls])).toEqual([
      ['multi-view', 7],
      ['stage', 2],
    ]);
    expect(report.byPurpose.map((l) => [l.key, l.calls])).toEqual([
      ['analysis', 1],
      ['retry', 1],
      ['second-opinion', 4],
      ['staging', 3],
    ]);
    // Per API key: the calls for a project made with a key, under the key's name; the rest are the app's.
    const perKey = await t.deps.repos.providerCalls.report(
      new Date(Date.now() - 3600_000),
      new Map([[project.id, 'Back office (stg_Ab12…)']]),
    );
    expect(perKey.byApiKey.map((l) => [l.key, l.calls])).toEqual([
      ['Back office (stg_Ab12…)', 2],
      ['the app', 7],
    ]);
    expect(formatCostReport(perKey).join('\n')).toMatch(
      /Per API key:\n {2}Back office \(stg_Ab12…\) +2 calls/,
    );
    const text = formatCostReport(report).join('\n');
    expect(text).toMatch(/Per plan:\n {2}free +9 calls +4 images +\$0\.\d{4}/);
    expect(text).toMatch(/Per purpose:\n(.*\n)* {2}second-opinion +4 calls +0 images +\$0\.\d{4}/);
  });
});

describe('npm run report:costs', () => {
  it('prints the costs per day, plan and mode from the embedded store', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-costs-'));
    try {
      const store = await openStore({ dataDir });
      const repos = createRepositories(store);
      const call = {
        provider: 'openai',
        model: 'gpt-image-2',
        kind: 'image',
        size: '1536x1024',
        quality: 'high',
        images: 1,
        ok: true,
        usd: 0.4,
      } as const;
      await repos.providerCalls.record({
        ...call,
        purpose: 'staging',
        plan: 'pro',
        mode: 'stage',
        projectId: 'p1',
      });
      await repos.providerCalls.record({
        ...call,
        purpose: 'staging',
        plan: 'demo',
        mode: 'unstage',
        projectId: 'p2',
        usd: 0.1,
      });
      await store.close();
      const cli = spawnNode(['--import', 'tsx', 'bff/src/store-main.ts', 'costs', '--days', '7'], {
        DATA_DIR: dataDir,
      });
      await cli.exited;
      const out = cli.lines.join('\n');
      expect(cli.child.exitCode, out).toBe(0);
      expect(out).toMatch(
        /Per plan:\n {2}demo +1 calls +1 images +\$0\.1000\n {2}pro +1 calls +1 images +\$0\.4000/,
      );
      expect(out).toMatch(/Per mode:\n {2}stage .*\n {2}unstage /);
      expect(out).toMatch(/total +2 calls +2 images +\$0\.5000/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
