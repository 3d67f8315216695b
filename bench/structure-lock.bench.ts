import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  checkStructure,
  compositeThroughLock,
  lockAlpha,
  lockShare,
  prepareForStructureCheck,
  structureLock,
} from '../bff/src/images';
import type { Bench, BenchRow } from './types';

const REALSET = fileURLToPath(new URL('../../shared/realset-dev/', import.meta.url));
/** Composites and side-by-side sheets: looked at by eye, never committed (git-ignored). */
const OUT = fileURLToPath(new URL('./results/structure-lock/', import.meta.url));
const SHEET_HEIGHT = 360;

interface Label {
  id: string;
  before: string;
  after: string;
  verdict: 'structure kept' | 'structure changed' | 'unsure';
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The lock drawn over the photo: what may change tinted green, the rest as it is. */
async function lockOverlay(photo: Buffer, alpha: Buffer, width: number, height: number): Promise<Buffer> {
  const rgb = await sharp(photo).removeAlpha().raw().toBuffer();
  for (let p = 0; p < width * height; p++) {
    const a = ((alpha[p] ?? 0) / 255) * 0.45;
    rgb[p * 3] = Math.round((rgb[p * 3] ?? 0) * (1 - a));
    rgb[p * 3 + 1] = Math.round((rgb[p * 3 + 1] ?? 0) * (1 - a) + 220 * a);
    rgb[p * 3 + 2] = Math.round((rgb[p * 3 + 2] ?? 0) * (1 - a));
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Photo with its lock, the result as it came, the composite: one row, each SHEET_HEIGHT high. */
async function sheet(images: Buffer[]): Promise<Buffer> {
  const tiles = await Promise.all(
    images.map((i) => sharp(i).resize({ height: SHEET_HEIGHT }).png().toBuffer({ resolveWithObject: true })),
  );
  const width = tiles.reduce((s, t) => s + t.info.width + 8, 0);
  let left = 0;
  const layers = tiles.map((t) => {
    const layer = { input: t.data, left, top: 0 };
    left += t.info.width + 8;
    return layer;
  });
  return sharp({ create: { width, height: SHEET_HEIGHT, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Pixels outside the lock (alpha 0) that differ from the photo's: 0 by construction. */
async function changedOutside(photo: Buffer, composite: Buffer, alpha: Buffer): Promise<number> {
  const [a, b] = await Promise.all([photo, composite].map((i) => sharp(i).removeAlpha().raw().toBuffer()));
  let n = 0;
  for (let p = 0; p < alpha.length; p++)
    if (!alpha[p] && [0, 1, 2].some((c) => a?.[p * 3 + c] !== b?.[p * 3 + c])) n++;
  return n;
}

/**
 * Every real staging composited through the lock computed from its photo (lined up as the check finds
 * it), written to bench/results/structure-lock/ with a sheet per pair: photo and lock, result, composite.
 */
async function run(): Promise<BenchRow[]> {
  const folder = process.env.STRUCTURE_REALSET ?? REALSET;
  if (!existsSync(`${folder}labels.json`))
    return [{ figure: 'structure lock on real stagings', value: `skipped: ${folder} not found` }];
  await mkdir(OUT, { recursive: true });
  const labels = JSON.parse(await readFile(`${folder}labels.json`, 'utf8')) as Label[];
  const shares: number[] = [];
  const lockMs: number[] = [];
  const compositeMs: number[] = [];
  let outside = 0;
  const flagged = { kept: [0, 0], changed: [0, 0] };
  const flaggedAfter = { kept: [0, 0], changed: [0, 0] };
  for (const label of labels) {
    // Sized as a stored photo is: a PNG or WebP before is a JPEG once uploaded.
    const photo = await sharp(await readFile(folder + label.before))
      .removeAlpha()
      .jpeg({ quality: 92 })
      .toBuffer();
    const after = await readFile(folder + label.after);
    const { width = 1, height = 1 } = await sharp(photo).metadata();
    let t = performance.now();
    const lock = await structureLock(photo);
    lockMs.push(performance.now() - t);
    shares.push(lockShare(lock));
    const prepared = await prepareForStructureCheck(photo);
    const check = await checkStructure(prepared, after);
    t = performance.now();
    const composite = await compositeThroughLock(photo, after, lock, check);
    compositeMs.push(performance.now() - t);
    const alpha = await lockAlpha(lock, width, height);
    outside += await changedOutside(photo, composite, alpha);
    const again = await checkStructure(prepared, composite);
    if (label.verdict !== 'unsure') {
      const k = label.verdict === 'structure kept' ? 'kept' : 'changed';
      flagged[k][0] = (flagged[k][0] ?? 0) + (check.flagged ? 1 : 0);
      flagged[k][1] = (flagged[k][1] ?? 0) + 1;
      flaggedAfter[k][0] = (flaggedAfter[k][0] ?? 0) + (again.flagged ? 1 : 0);
      flaggedAfter[k][1] = (flaggedAfter[k][1] ?? 0) + 1;
    }
    await writeFile(`${OUT}${label.id}-composite.png`, composite);
    const overlay = await lockOverlay(photo, alpha, width, height);
    await writeFile(`${OUT}${label.id}-sheet.jpg`, await sheet([overlay, after, composite]));
  }
  const of = ([n, all]: number[]) => `${n ?? 0} of ${all ?? 0}`;
  return [
    {
      figure: `structure lock: share of the photo a staging may change (median of ${labels.length} real photos)`,
      value: `${Math.round(median(shares) * 100)}%`,
    },
    {
      figure: 'structure lock: pixels outside the lock that differ from the photo, all composites',
      value: String(outside),
      target: '0',
      ok: outside === 0,
    },
    { figure: 'structure lock: lock per photo (median)', value: `${Math.round(median(lockMs))} ms` },
    {
      figure: "structure lock: composite at the photo's size (median)",
      value: `${Math.round(median(compositeMs))} ms`,
    },
    {
      figure: 'structure check flags, kept rooms: result as it came / composited through the lock',
      value: `${of(flagged.kept)} / ${of(flaggedAfter.kept)}`,
    },
    {
      figure: 'structure check flags, changed rooms: result as it came / composited through the lock',
      value: `${of(flagged.changed)} / ${of(flaggedAfter.changed)}`,
    },
    { figure: 'structure lock: composites and sheets written to', value: 'bench/results/structure-lock/' },
  ];
}

export const structureLockBench: Bench = { name: 'structure-lock', run };
