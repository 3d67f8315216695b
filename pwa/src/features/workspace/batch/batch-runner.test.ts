import type { ProjectStatusResponse } from '@shared/api';
import { describe, expect, it, vi } from 'vitest';
import {
  batchCounts,
  newBatchItem,
  overallProgress,
  processItem,
  runBatch,
  truncateBatch,
  type BatchDeps,
  type BatchItem,
  type BatchRun,
} from './batch-runner';
import { projectUploadFields } from '../../../offline/uploads';

const file = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });
const status = (
  s: ProjectStatusResponse['status'],
  extra: Partial<ProjectStatusResponse> = {},
): ProjectStatusResponse => ({
  status: s,
  progress: s === 'completed' ? '100' : '60',
  stagedImageUrl: s === 'completed' ? '/staged.jpg' : null,
  error: null,
  draft: [],
  ...extra,
});

/** A fake server: each file name maps to how its project goes; records the order of calls. */
function fakeDeps(plan: Record<string, 'ok' | 'fail-create' | 'fail-job'>) {
  const items = new Map<string, BatchItem>();
  const log: string[] = [];
  const polls = new Map<string, number>();
  const deps: BatchDeps = {
    sleep: () => Promise.resolve(),
    createProject: (item) => {
      log.push(`create ${item.name}`);
      if (plan[item.name] === 'fail-create')
        return Promise.reject(new Error('This file type is not supported.'));
      return Promise.resolve({ id: `p-${item.name}` });
    },
    getStatus: (projectId) => {
      const name = projectId.slice(2);
      const n = (polls.get(name) ?? 0) + 1;
      polls.set(name, n);
      log.push(`poll ${name}`);
      if (n < 2) return Promise.resolve(status('processing'));
      return Promise.resolve(
        plan[name] === 'fail-job' ? status('failed', { error: 'The engine gave up.' }) : status('completed'),
      );
    },
    onChange: (id, patch) => {
      const item = items.get(id);
      if (item) items.set(id, { ...item, ...patch });
    },
  };
  const add = (...names: string[]) =>
    names.map((n) => {
      const item = newBatchItem(file(`${n}.jpg`));
      items.set(item.id, item);
      return item;
    });
  return { deps, log, add, get: (i: BatchItem) => items.get(i.id)! };
}

describe('truncateBatch', () => {
  it('keeps the first 10 and counts the rest', () => {
    const files = Array.from({ length: 13 }, (_, i) => file(`f${i}.jpg`));
    const { accepted, dropped } = truncateBatch(files);
    expect(accepted.map((f) => f.name)).toEqual(files.slice(0, 10).map((f) => f.name));
    expect(dropped).toBe(3);
    expect(truncateBatch(files.slice(0, 4), 2)).toMatchObject({ dropped: 2 });
    expect(truncateBatch(files.slice(0, 3))).toMatchObject({ dropped: 0 });
  });
});

describe('overallProgress and counts', () => {
  it('averages the items', () => {
    expect(overallProgress([])).toBe(0);
    expect(overallProgress([{ progress: 100 }, { progress: 50 }, { progress: 0 }])).toBe(50);
    expect(overallProgress([{ progress: 100 }, { progress: 25 }])).toBe(63);
  });
  it('counts each status', () => {
    expect(
      batchCounts([
        { status: 'completed' },
        { status: 'failed' },
        { status: 'completed' },
        { status: 'pending' },
      ]),
    ).toEqual({
      pending: 1,
      processing: 0,
      completed: 2,
      failed: 1,
    });
  });
});

describe('runBatch', () => {
  it('processes items one after another, and a failure does not stop the rest', async () => {
    const { deps, log, add, get } = fakeDeps({ a: 'ok', b: 'fail-create', c: 'fail-job', d: 'ok' });
    const items = add('a', 'b', 'c', 'd');
    expect(await runBatch(items, deps)).toEqual({ completed: 2, failed: 2, waiting: 0 });
    expect(log).toEqual([
      'create a',
      'poll a',
      'poll a',
      'create b',
      'create c',
      'poll c',
      'poll c',
      'create d',
      'poll d',
      'poll d',
    ]);
    const [a, b, c, d] = items.map(get);
    expect(a).toMatchObject({
      status: 'completed',
      progress: 100,
      stagedImageUrl: '/staged.jpg',
      projectId: 'p-a',
    });
    expect(b).toMatchObject({ status: 'failed', progress: 0, error: 'This file type is not supported.' });
    expect(c).toMatchObject({ status: 'failed', progress: 0, error: 'The engine gave up.' });
    expect(d?.status).toBe('completed');
    expect(overallProgress(items.map(get))).toBe(50);
  });

  it('reports 25 while creating, 50 once created, then the server progress', async () => {
    const { deps, add } = fakeDeps({ a: 'ok' });
    const [item] = add('a');
    const onChange = vi.spyOn(deps, 'onChange');
    await processItem(item!, deps);
    expect(onChange.mock.calls.map(([, patch]) => patch.progress).filter((p) => p !== undefined)).toEqual([
      25, 50, 60, 100,
    ]);
  });

  it('uses Processing failed when the error has no message', async () => {
    const { deps, add, get } = fakeDeps({});
    deps.createProject = () => Promise.reject(new Error(''));
    const [item] = add('x');
    await processItem(item!, deps);
    expect(get(item!)).toMatchObject({ status: 'failed', error: 'Processing failed' });
  });

  it('retries one failed item alone', async () => {
    const plan: Record<string, 'ok' | 'fail-create'> = { a: 'ok', b: 'fail-create' };
    const { deps, log, add, get } = fakeDeps(plan);
    const items = add('a', 'b');
    await runBatch(items, deps);
    expect(get(items[1]!).status).toBe('failed');
    plan.b = 'ok';
    log.length = 0;
    expect(await processItem(get(items[1]!), deps)).toBe('completed');
    expect(log).toEqual(['create b', 'poll b', 'poll b']);
    expect(get(items[1]!)).toMatchObject({ status: 'completed', error: null, progress: 100 });
    expect(get(items[0]!).status).toBe('completed');
  });

  it('lets a photo the queue keeps wait (not fail) while the run goes on, then completes it once uploaded', async () => {
    const { deps, log, add, get } = fakeDeps({ a: 'ok', b: 'ok' });
    let upload: (p: { id: string }) => void = () => undefined;
    const create = deps.createProject;
    deps.createProject = (item) =>
      item.name === 'a'
        ? Promise.resolve({
            waiting: 'Waiting for connection',
            uploaded: new Promise<{ id: string }>((resolve) => (upload = resolve)),
          })
        : create(item);
    const [a, b] = add('a', 'b');
    expect(await runBatch([a!, b!], deps)).toEqual({ completed: 1, failed: 0, waiting: 1 });
    expect(get(a!)).toMatchObject({ status: 'pending', waiting: 'Waiting for connection', error: null });
    expect(get(b!).status).toBe('completed');
    upload({ id: 'p-a' });
    await vi.waitFor(() =>
      expect(get(a!)).toMatchObject({ status: 'completed', waiting: null, projectId: 'p-a' }),
    );
    expect(log.filter((l) => l.endsWith(' a'))).toEqual(['poll a', 'poll a']);
  });

  it("fails a waiting photo with the server's sentence when the server refuses it later", async () => {
    const { deps, add, get } = fakeDeps({});
    deps.createProject = () =>
      Promise.resolve({
        waiting: 'Waiting for connection',
        uploaded: Promise.reject(new Error('This file type is not supported.')),
      });
    const [item] = add('x');
    expect(await processItem(item!, deps)).toBe('waiting');
    await vi.waitFor(() =>
      expect(get(item!)).toMatchObject({
        status: 'failed',
        waiting: null,
        error: 'This file type is not supported.',
      }),
    );
  });
});

describe('a batch run is one group on the server', () => {
  it('sends every photo of a run with the same run id and the run size; a retry of one photo is on its own', async () => {
    const { deps, add } = fakeDeps({ a: 'ok', b: 'fail-job', c: 'ok' });
    const runs: (BatchRun | undefined)[] = [];
    const create = deps.createProject;
    deps.createProject = (item, run) => {
      runs.push(run);
      return create(item, run);
    };
    const items = add('a', 'b', 'c');
    await runBatch(items, deps);
    expect(runs).toHaveLength(3);
    expect(runs[0]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string, size: 3 });
    expect(new Set(runs.map((r) => r?.id)).size).toBe(1);
    await runBatch(items.slice(0, 1), deps);
    expect(runs[3]?.size).toBe(1);
    expect(runs[3]?.id).not.toBe(runs[0]?.id);
    await processItem(items[1]!, deps);
    expect(runs[4]).toBeUndefined();
  });

  it('puts the run into the upload fields, so a photo the queue keeps still belongs to it', () => {
    const fields = projectUploadFields({
      name: 'Kitchen',
      stagingMode: 'stage',
      roomType: 'kitchen',
      stylePreset: 'modern',
      colorPalette: 'coastal',
      customPrompt: '',
      batch: { id: 'run-1', size: 4 },
    });
    expect(fields).toMatchObject({ batchId: 'run-1', batchSize: '4' });
  });
});
