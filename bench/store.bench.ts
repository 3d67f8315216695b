import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from './support/processes';
import { track } from './support/resources';
import { seedProjects } from './support/seed-projects';
import type { Bench, BenchRow } from './types';

/** 100 projects per user, as an agency's accounts would hold after a few years. */
const SIZES = [
  { users: 100, projectsPerUser: 100 },
  { users: 1000, projectsPerUser: 100 },
];
const STALL_TARGET_MS = 100;

interface Probe {
  openMs: number;
  rssMb: number;
  claimEmptyMs: number;
  claimDueMs: number;
  updateMs: number;
  sweepMs: number;
  pageMs: number;
  compactMs: number;
  longestStall: number;
}

const ms = (x: number) => (x < 1 ? `${x.toFixed(2)} ms` : `${x.toFixed(0)} ms`);

/**
 * The embedded store at 10k and 100k projects (1,000 users at most), seeded through the store layer:
 * start-up, memory, the job claim, a progress write, the demo sweep, a first page, compaction.
 */
export const storeBench: Bench = {
  name: 'store',
  async run() {
    const rows: BenchRow[] = [];
    for (const size of SIZES) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-bench-store-'));
      const cleanup = track(() => rm(dataDir, { recursive: true, force: true }));
      const total = size.users * size.projectsPerUser;
      const label = `${total / 1000}k projects`;
      try {
        const seeded = await seedProjects({ dataDir, ...size, blobs: false });
        const out = await runCommand(process.execPath, [
          '--import',
          'tsx',
          'bench/support/store-probe.ts',
          dataDir,
        ]);
        const p = JSON.parse(out.trim().split('\n').at(-1)!) as Probe;
        rows.push(
          { figure: `${label}: seeded through the store layer`, value: `${seeded.seconds.toFixed(0)} s` },
          {
            figure: `${label}: store open / RSS after open`,
            value: `${(p.openMs / 1000).toFixed(1)} s / ${p.rssMb.toFixed(0)} MB`,
            data: { openMs: p.openMs, rssMb: p.rssMb },
          },
          {
            figure: `${label}: job claim, empty queue / with a due job (median)`,
            value: `${ms(p.claimEmptyMs)} / ${ms(p.claimDueMs)}`,
            data: { claimEmptyMs: p.claimEmptyMs, claimDueMs: p.claimDueMs },
          },
          {
            figure: `${label}: progress write / demo sweep query / an owner's first page (median)`,
            value: `${ms(p.updateMs)} / ${ms(p.sweepMs)} / ${ms(p.pageMs)}`,
            data: { updateMs: p.updateMs, sweepMs: p.sweepMs, pageMs: p.pageMs },
          },
          {
            figure: `${label}: compaction of projects.db, longest event-loop stall meanwhile`,
            value: `${ms(p.compactMs)}, stall ${ms(p.longestStall)}`,
            target: `stall <= ${STALL_TARGET_MS} ms`,
            ok: p.longestStall <= STALL_TARGET_MS,
            data: { compactMs: p.compactMs, longestStall: p.longestStall },
          },
        );
      } finally {
        await cleanup();
      }
    }
    return rows;
  },
};
