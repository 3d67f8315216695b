import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { seededRandom } from './synthetic-rooms';
import { makePhoto } from './images';

// Seeded, so any mutant that fails can be rebuilt from its seed and index.
export { seededRandom };

export type MutationKind = 'bit-flip' | 'truncate' | 'structure' | 'dimensions' | 'splice';
export const MUTATION_KINDS: readonly MutationKind[] = [
  'bit-flip',
  'truncate',
  'structure',
  'dimensions',
  'splice',
];

export interface Seed {
  name: string;
  format: 'jpeg' | 'png' | 'webp';
  data: Buffer;
}

export interface Mutant {
  /** e.g. `webp-lossless#17 dimensions`, enough to find it again with the same seed. */
  name: string;
  format: Seed['format'];
  kind: MutationKind;
  data: Buffer;
}

/** Small valid photos of every accepted container: baseline and progressive JPEG, PNG, lossy and lossless WebP. */
export async function mutationSeeds(): Promise<Seed[]> {
  const base = await makePhoto({ width: 683, height: 512, gps: true });
  return [
    { name: 'jpeg', format: 'jpeg', data: base },
    {
      name: 'jpeg-progressive',
      format: 'jpeg',
      data: await sharp(base).jpeg({ progressive: true }).toBuffer(),
    },
    { name: 'png', format: 'png', data: await makePhoto({ width: 683, height: 512, format: 'png' }) },
    { name: 'webp', format: 'webp', data: await makePhoto({ width: 683, height: 512, format: 'webp' }) },
    { name: 'webp-lossless', format: 'webp', data: await sharp(base).webp({ lossless: true }).toBuffer() },
  ];
}

/** A whole number in [0, max). */
export const int = (random: () => number, max: number) => Math.floor(random() * max);

interface Segment {
  /** Where the segment's header starts, and where its length and payload live. */
  start: number;
  lengthAt: number;
  dataStart: number;
  dataEnd: number;
}

/** JPEG marker segments up to the scan (SOI and RST markers carry no length). */
function jpegSegments(buf: Buffer): Segment[] {
  const out: Segment[] = [];
  let i = 2;
  while (i + 4 <= buf.length && buf[i] === 0xff) {
    const marker = buf[i + 1] ?? 0;
    const len = buf.readUInt16BE(i + 2);
    out.push({ start: i, lengthAt: i + 2, dataStart: i + 4, dataEnd: Math.min(buf.length, i + 2 + len) });
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    i += 2 + len;
  }
  return out;
}

/** PNG chunks and WebP (RIFF) chunks: length, type, payload. */
function pngChunks(buf: Buffer): Segment[] {
  const out: Segment[] = [];
  for (let i = 8; i + 12 <= buf.length;) {
    const len = buf.readUInt32BE(i);
    out.push({ start: i, lengthAt: i, dataStart: i + 8, dataEnd: Math.min(buf.length, i + 8 + len) });
    i += 12 + len;
  }
  return out;
}
function riffChunks(buf: Buffer): Segment[] {
  const out: Segment[] = [];
  for (let i = 12; i + 8 <= buf.length;) {
    const len = buf.readUInt32LE(i + 4);
    out.push({ start: i, lengthAt: i + 4, dataStart: i + 8, dataEnd: Math.min(buf.length, i + 8 + len) });
    i += 8 + len + (len % 2);
  }
  return out;
}

/** A PNG chunk whose payload was edited gets a correct CRC, so the damage reaches the decoder itself. */
function fixPngCrc(buf: Buffer, chunk: Segment): void {
  if (chunk.dataEnd + 4 > buf.length) return;
  buf.writeUInt32BE(crc32(buf.subarray(chunk.start + 4, chunk.dataEnd)), chunk.dataEnd);
}

function segmentsOf(seed: Seed, buf: Buffer): Segment[] {
  if (seed.format === 'jpeg') return jpegSegments(buf);
  return seed.format === 'png' ? pngChunks(buf) : riffChunks(buf);
}

/** Corrupts one container structure: a length field, a segment type, or a payload byte (CRC fixed for PNG). */
function corruptStructure(seed: Seed, buf: Buffer, random: () => number): void {
  const segments = segmentsOf(seed, buf);
  const seg = segments[int(random, segments.length)];
  if (!seg) return;
  const choice = int(random, 3);
  if (choice === 0) {
    const wide = seed.format === 'jpeg' ? 2 : 4;
    const value = [0, 1, 0xffff, int(random, 0x10000)][int(random, 4)] ?? 0;
    if (wide === 2) buf.writeUInt16BE(value, seg.lengthAt);
    else if (seed.format === 'png') buf.writeUInt32BE(value * (random() < 0.5 ? 1 : 0x10000), seg.lengthAt);
    else buf.writeUInt32LE(value * (random() < 0.5 ? 1 : 0x10000), seg.lengthAt);
  } else if (choice === 1) {
    const typeAt = seed.format === 'jpeg' ? seg.start + 1 : seed.format === 'png' ? seg.start + 4 : seg.start;
    buf[typeAt + (seed.format === 'jpeg' ? 0 : int(random, 4))] = int(random, 256);
  } else if (seg.dataEnd > seg.dataStart) {
    for (let n = 1 + int(random, 8); n > 0; n--)
      buf[seg.dataStart + int(random, seg.dataEnd - seg.dataStart)] = int(random, 256);
    if (seed.format === 'png') fixPngCrc(buf, seg);
  }
}

/** Declared width and height edited in the header, from tiny to past the pixel limit. */
function editDimensions(seed: Seed, buf: Buffer, random: () => number): void {
  const pick = () => [0, 1, 2, 4000, 7071, 12000, 30000, 65535][int(random, 8)] ?? 1;
  const [w, h] = [pick(), pick()];
  if (seed.format === 'jpeg') {
    const sof = jpegSegments(buf).find((s) => [0xc0, 0xc1, 0xc2].includes(buf[s.start + 1] ?? 0));
    if (!sof) return;
    buf.writeUInt16BE(h, sof.dataStart + 1);
    buf.writeUInt16BE(w, sof.dataStart + 3);
  } else if (seed.format === 'png') {
    const ihdr = pngChunks(buf)[0];
    if (!ihdr) return;
    buf.writeUInt32BE(w, ihdr.dataStart);
    buf.writeUInt32BE(h, ihdr.dataStart + 4);
    if (random() < 0.8) fixPngCrc(buf, ihdr);
  } else {
    const chunk = riffChunks(buf).find((c) => buf.toString('latin1', c.start, c.start + 4) === 'VP8X');
    if (chunk) {
      // VP8X canvas: 24-bit little-endian width-1 and height-1.
      buf.writeUIntLE(Math.max(0, w - 1) & 0xffffff, chunk.dataStart + 4, 3);
      buf.writeUIntLE(Math.max(0, h - 1) & 0xffffff, chunk.dataStart + 7, 3);
    }
    const frame = riffChunks(buf).find((c) => /^VP8[ L]$/.test(buf.toString('latin1', c.start, c.start + 4)));
    if (frame && buf.toString('latin1', frame.start, frame.start + 4) === 'VP8 ') {
      buf.writeUInt16LE(w & 0x3fff, frame.dataStart + 6);
      buf.writeUInt16LE(h & 0x3fff, frame.dataStart + 8);
    } else if (frame) {
      // VP8L: 14-bit width-1 and height-1 packed after the 0x2f signature.
      const bits = (Math.max(0, w - 1) & 0x3fff) | ((Math.max(0, h - 1) & 0x3fff) << 14);
      buf.writeUInt32LE((buf.readUInt32LE(frame.dataStart + 1) & 0xf0000000) | bits, frame.dataStart + 1);
    }
  }
}

/** One mutant of `seed`; the kinds rotate so every container meets every kind of damage. */
export function mutate(seed: Seed, kind: MutationKind, random: () => number): Buffer {
  const buf = Buffer.from(seed.data);
  switch (kind) {
    case 'bit-flip':
      for (let n = 1 + int(random, 24); n > 0; n--) {
        const at = int(random, buf.length);
        buf[at] = (buf[at] ?? 0) ^ (1 << int(random, 8));
      }
      return buf;
    case 'truncate':
      return buf.subarray(0, int(random, buf.length));
    case 'structure':
      corruptStructure(seed, buf, random);
      return buf;
    case 'dimensions':
      editDimensions(seed, buf, random);
      return buf;
    case 'splice': {
      // A block of the file repeated or replaced by noise somewhere else.
      const from = int(random, buf.length);
      const block =
        random() < 0.5
          ? buf.subarray(from, from + 1 + int(random, 512))
          : Buffer.from(Array.from({ length: 1 + int(random, 512) }, () => int(random, 256)));
      const at = int(random, buf.length);
      return Buffer.concat([
        buf.subarray(0, at),
        block,
        buf.subarray(at + (random() < 0.5 ? block.length : 0)),
      ]);
    }
  }
}

/** `count` mutants spread evenly over the seeds and kinds, reproducible from `seedValue`. */
export function mutants(seeds: Seed[], count: number, seedValue: number): Mutant[] {
  const random = seededRandom(seedValue);
  return Array.from({ length: count }, (_, i) => {
    const seed = seeds[i % seeds.length]!;
    const kind = MUTATION_KINDS[Math.floor(i / seeds.length) % MUTATION_KINDS.length]!;
    return { name: `${seed.name}#${i} ${kind}`, format: seed.format, kind, data: mutate(seed, kind, random) };
  });
}
