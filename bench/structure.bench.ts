import sharp from 'sharp';
import { checkStructure, prepareForStructureCheck } from '../bff/src/images';
import { structureRates } from '../bff/src/testing/structure-rates';
import { makeRoom, renderRoom } from '../bff/src/testing/synthetic-rooms';
import { realsetRows } from './structure-realset';
import type { Bench, BenchRow } from './types';

const TARGET_MS = 150;
const LONG_EDGE = 2048;
const WARMUP = 3;
const ROUNDS = 20;
/** Rooms per variant for the rates: seeds apart from the unit test's, so the figures are not tuned to them. */
const ROOMS = 40;
const FIRST_SEED = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

/** A synthetic room at 2048 px (the long edge results are stored at), empty and furnished, as JPEG. */
async function photos(): Promise<{ original: Buffer; result: Buffer }> {
  const spec = makeRoom(FIRST_SEED);
  const at2048 = async (image: Buffer) =>
    sharp(image).resize(LONG_EDGE, LONG_EDGE, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
  return {
    original: await at2048(await renderRoom(spec, 'empty')),
    result: await at2048(await renderRoom(spec, 'furnished')),
  };
}

/**
 * The structure check: its time for one 2048 px result (both images decoded, as for a single staging),
 * and how often it is wrong on the synthetic rooms (a moved window or a removed door that passes, a
 * furnished room that is flagged).
 */
export const structureBench: Bench = {
  name: 'structure',
  async run(): Promise<BenchRow[]> {
    const { original, result } = await photos();
    const prepared = await prepareForStructureCheck(original);
    const times: number[] = [];
    const cpu: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const started = performance.now();
      // CPU time of every thread (sharp's too): the figure that holds on a loaded machine.
      const used = process.cpuUsage();
      await checkStructure(original, result);
      const spent = process.cpuUsage(used);
      if (i >= WARMUP) cpu.push((spent.user + spent.system) / 1000);
      if (i >= WARMUP) times.push(performance.now() - started);
      const again = process.cpuUsage();
      await checkStructure(prepared, result);
      const spentAgain = process.cpuUsage(again);
      if (i >= WARMUP) alone.push((spentAgain.user + spentAgain.system) / 1000);
    }
    const ms = median(cpu);
    const rows: BenchRow[] = [
      {
        figure: `structure check of one ${LONG_EDGE} px result, original decoded too: CPU time, user + system (median of ${ROUNDS}; wall ${median(times).toFixed(0)} ms, p95 ${p95(times).toFixed(0)} ms)`,
        value: `${ms.toFixed(0)} ms CPU`,
        target: `<= ${TARGET_MS} ms`,
        ok: ms <= TARGET_MS,
        data: { medianCpuMs: ms, medianMs: median(times), p95Ms: p95(times) },
      },
      {
        figure: `each further result of the same staging (multi-view, the strict retry): original decoded once, CPU time`,
        value: `${median(alone).toFixed(0)} ms CPU`,
        data: { medianCpuMs: median(alone), p95CpuMs: p95(alone) },
      },
    ];
    const rates = await structureRates(FIRST_SEED, ROOMS);
    for (const r of rates) {
      const wrong = r.expected === 'flag' ? r.rooms - r.flagged : r.flagged;
      const what = r.expected === 'flag' ? 'false passes' : 'false flags';
      const target =
        r.variant === 'window-moved' || r.variant === 'door-removed'
          ? 0
          : r.variant === 'furnished' || r.variant === 'furnished-shifted'
            ? 0.1
            : undefined;
      rows.push({
        figure: `${what}: ${r.variant} (synthetic rooms)`,
        value: `${wrong} of ${r.rooms} (${Math.round(r.wrongRate * 100)}%)`,
        ...(target === undefined
          ? {}
          : { target: target === 0 ? '0' : `<= 1 in ${1 / target}`, ok: r.wrongRate <= target }),
        data: { wrong, rooms: r.rooms, minScore: Math.min(...r.scores), maxScore: Math.max(...r.scores) },
      });
    }
    rows.push(...(await realsetRows()));
    return rows;
  },
};
