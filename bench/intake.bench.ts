import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { intakeRoomPhoto, processImage } from '../bff/src/images';
import type { Bench, BenchRow } from './types';

const TARGET_RATIO = 1.3;
const ROUNDS = 15;
const WARMUP = 2;

/**
 * A 4032x3024 phone-like JPEG (12 MP): a room drawn in SVG with sensor-like noise so it compresses like
 * a photo, EXIF orientation 6 (stored landscape, shown portrait) and GPS, as phones write them.
 */
export async function makeTwelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="wall" x1="0" x2="1"><stop offset="0" stop-color="#e6dccb"/><stop offset="1" stop-color="#b9a68a"/></linearGradient>
    <linearGradient id="floor" y1="0" y2="1"><stop offset="0" stop-color="#8a6d4b"/><stop offset="1" stop-color="#5b442c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#wall)"/>
    <polygon points="0,${height} ${width * 0.2},${height * 0.7} ${width * 0.8},${height * 0.7} ${width},${height}" fill="url(#floor)"/>
    <rect x="${width * 0.38}" y="${height * 0.2}" width="${width * 0.24}" height="${height * 0.32}" fill="#bcd7ea" stroke="#f4efe6" stroke-width="40"/>
    <rect x="${width * 0.3}" y="${height * 0.6}" width="${width * 0.4}" height="${height * 0.2}" rx="40" fill="#4b5a6a"/></svg>`;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .withExif({
      IFD0: { Make: 'BenchPhone', Model: 'BP-12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 92 })
    .toBuffer();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Wall-clock and CPU milliseconds (all threads: sharp works on libuv's), for one run. */
async function timeOnce(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/** Intake (validate, orient, strip, resize, thumbnail) against a bare sharp resize of the same photo. */
export const intakeBench: Bench = {
  name: 'intake',
  async run(args) {
    const photoArg = args.indexOf('--photo');
    const photoPath = photoArg >= 0 ? args[photoArg + 1] : undefined;
    const photo = photoPath ? await readFile(photoPath) : await makeTwelveMegapixelPhoto();
    const meta = await sharp(photo).metadata();
    const candidates: Record<string, () => Promise<unknown>> = {
      bare: () => sharp(photo).resize(2048).jpeg().toBuffer(),
      intake: () => intakeRoomPhoto(photo),
      full: () => processImage(photo, { maxLongEdge: 4096, quality: 88 }),
    };
    const wall: Record<string, number[]> = { bare: [], intake: [], full: [] };
    const cpu: Record<string, number[]> = { bare: [], intake: [], full: [] };
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      // Interleaved, so load from anything else on the machine hits every candidate alike.
      for (const [name, work] of Object.entries(candidates)) {
        const t = await timeOnce(work);
        if (round < WARMUP) continue;
        wall[name]?.push(t.wall);
        cpu[name]?.push(t.cpu);
      }
    }
    const m = (xs: Record<string, number[]>, k: string) => median(xs[k] ?? []);
    const ratio = m(wall, 'intake') / m(wall, 'bare');
    const cpuRatio = m(cpu, 'intake') / m(cpu, 'bare');
    const both = (k: string) => `${ms(m(wall, k))} wall, ${ms(m(cpu, k))} CPU`;
    const source = `${meta.width}x${meta.height} ${meta.format}, ${(photo.length / 1024 / 1024).toFixed(1)} MB${photoPath ? ` (${photoPath})` : ' (generated)'}`;
    const rows: BenchRow[] = [
      { figure: 'photo', value: source },
      {
        figure: 'bare sharp resize to 2048 px (median)',
        value: both('bare'),
        data: { wallMs: m(wall, 'bare'), cpuMs: m(cpu, 'bare') },
      },
      {
        figure: 'intake: validate, orient, strip, 2048 px + thumb (median)',
        value: both('intake'),
        data: { wallMs: m(wall, 'intake'), cpuMs: m(cpu, 'intake') },
      },
      {
        figure: 'intake / bare resize, wall clock',
        value: `${ratio.toFixed(2)}x`,
        target: `<= ${TARGET_RATIO}x`,
        ok: ratio <= TARGET_RATIO,
        data: { ratio, rounds: ROUNDS },
      },
      {
        figure: 'intake / bare resize, CPU time (steadier on a busy machine)',
        value: `${cpuRatio.toFixed(2)}x`,
        target: `<= ${TARGET_RATIO}x`,
        ok: cpuRatio <= TARGET_RATIO,
        data: { ratio: cpuRatio, rounds: ROUNDS },
      },
      {
        figure: 'for comparison: normalising to 4096 px instead (median)',
        value: `${both('full')} (${(m(wall, 'full') / m(wall, 'bare')).toFixed(2)}x wall)`,
        data: { wallMs: m(wall, 'full'), cpuMs: m(cpu, 'full') },
      },
    ];
    return rows;
  },
};
