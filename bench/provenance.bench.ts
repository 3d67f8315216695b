import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  createProvenanceMarker,
  loadSigningKeys,
  readProvenance,
  type AlteredImage,
} from '../bff/src/images';
import type { Bench, BenchRow } from './types';

/** Unaltered photos beside the repository (never copied into it): the real set and the test fixtures. */
const SHARED = fileURLToPath(new URL('../../shared/', import.meta.url));
const CODE = 'abcdefghjk';
const PSNR_TARGET_DB = 40;

type Attack = (jpeg: Buffer) => Promise<Buffer>;
/** What a portal or a person does to a copy: re-encode, halve, crop 10 % off the long and short edges. */
const ATTACKS: Record<string, Attack> = {
  'as handed out': (jpeg) => Promise.resolve(jpeg),
  'JPEG q75': (jpeg) => sharp(jpeg).jpeg({ quality: 75 }).toBuffer(),
  'half size': async (jpeg) => {
    const { width = 0 } = await sharp(jpeg).metadata();
    return sharp(jpeg)
      .resize(Math.round(width / 2))
      .jpeg({ quality: 85 })
      .toBuffer();
  },
  'crop 10 %': async (jpeg) => {
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const [left, top] = [Math.round(width * 0.07), Math.round(height * 0.03)];
    const region = { left, top, width: Math.round(width * 0.9), height: Math.round(height * 0.9) };
    return sharp(jpeg).extract(region).jpeg({ quality: 85 }).toBuffer();
  },
};

async function photos(): Promise<string[]> {
  const under = async (dir: string, keep: (name: string) => boolean) =>
    existsSync(dir) ? (await readdir(dir)).filter(keep).map((name) => `${dir}${name}`) : [];
  return [
    ...(await under(`${SHARED}realset-dev/photos/`, (n) => n.endsWith('.jpg'))),
    ...(await under(`${SHARED}realset-dev/pairs/`, (n) => /-(before|after)\./.test(n))),
    ...(await under(`${SHARED}fixtures/rooms/`, (n) => /\.(jpg|png|webp)$/.test(n))),
  ];
}

const cpuMs = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const start = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
};

async function psnr(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += (x![i]! - y![i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / x!.length));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * The watermark and signature on unaltered real photos: false positives on the photos and their attacked
 * copies, the code read back from marked copies under each attack, PSNR, and CPU time per image.
 */
export const provenanceBench: Bench = {
  name: 'provenance',
  async run(): Promise<BenchRow[]> {
    const files = await photos();
    if (files.length === 0)
      return [{ figure: 'watermark on real photos', value: `skipped: ${SHARED} not found` }];
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'provenance-bench-'));
    const keys = await loadSigningKeys({ dataDir, C2PA_KEY: undefined, C2PA_CERT: undefined });
    await rm(dataDir, { recursive: true, force: true });
    const marker = await createProvenanceMarker(keys);
    const falsePositives: string[] = [];
    const survived = Object.fromEntries(Object.keys(ATTACKS).map((name) => [name, 0]));
    const [psnrs, markMs, readMs] = [[] as number[], [] as number[], [] as number[]];
    let negatives = 0;
    for (const file of files) {
      // As a download starts: the photo upright and re-encoded, then marked.
      const plain = await sharp(await readFile(file))
        .rotate()
        .jpeg({ quality: 92 })
        .toBuffer();
      const image: AlteredImage = {
        original: { data: plain, contentType: 'image/jpeg', title: 'original.jpg' },
        made: 'composite',
        disclosure: 'Virtually staged',
        originalUrl: `https://stagely.example/o/${CODE}`,
        code: CODE,
        agent: { name: 'Stagely', version: 'bench', engine: 'preview', model: null },
      };
      const marked = await cpuMs(() => marker.mark(plain, image));
      markMs.push(marked.ms);
      psnrs.push(await psnr(plain, marked.value));
      readMs.push((await cpuMs(() => readProvenance(marked.value))).ms);
      for (const [name, attack] of Object.entries(ATTACKS)) {
        negatives += 1;
        if ((await readProvenance(await attack(marked.value))).watermark?.code === CODE) survived[name]! += 1;
        if ((await readProvenance(await attack(plain))).watermark) falsePositives.push(`${file} (${name})`);
      }
    }
    const n = files.length;
    const minPsnr = Math.min(...psnrs);
    return [
      {
        figure: `watermark false positives on unaltered photos (${n} photos x ${Object.keys(ATTACKS).length} forms)`,
        value: `${falsePositives.length} of ${negatives}${falsePositives.length ? `: ${falsePositives.join(', ')}` : ''}`,
        target: '0',
        ok: falsePositives.length === 0,
      },
      ...Object.entries(survived).map(([name, count]) => ({
        figure: `watermark code read back: ${name}`,
        value: `${count} of ${n}`,
        target: `${n} of ${n}`,
        ok: count === n,
      })),
      {
        figure: 'PSNR of a marked copy against the same photo unmarked (min / median)',
        value: `${minPsnr.toFixed(1)} / ${median(psnrs).toFixed(1)} dB`,
        target: `> ${PSNR_TARGET_DB} dB`,
        ok: minPsnr > PSNR_TARGET_DB,
      },
      { figure: 'CPU per image: watermark + sign (median)', value: `${median(markMs).toFixed(0)} ms` },
      {
        figure: 'CPU per image: read back, C2PA + watermark (median)',
        value: `${median(readMs).toFixed(0)} ms`,
      },
    ];
  },
};
