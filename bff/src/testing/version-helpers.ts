import sharp from 'sharp';
import type { MaskStroke, VersionList } from '@shared/api';
import type { CookieJar } from './cookie-jar';

/** A stroke across the middle of the image: what a user paints over a lamp. */
/** A worker quick enough for edit tests: short polls, retries and leases. */
export const EDIT_WORKER_TUNING = { pollMs: 50, retryBaseMs: 50, progressTickMs: 100, leaseMs: 3000 };

export const MIDDLE_STROKE: MaskStroke = {
  erase: false,
  size: 0.08,
  points: [
    [0.4, 0.45],
    [0.5, 0.5],
    [0.6, 0.55],
  ],
};

export async function postEdit(url: string, jar: CookieJar, id: string, body: unknown): Promise<Response> {
  return jar.fetch(`${url}/api/projects/${id}/edits`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Polls the version list (as the workspace does) until no edit is under way. */
export async function waitForEdit(url: string, jar: CookieJar, id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await jar.fetch(`${url}/api/projects/${id}/versions`);
    const list = (await res.json()) as VersionList;
    if (!list.editing) return list;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`edit of ${id} did not finish`);
}

/** Raw RGB pixels and size of an image. */
export async function pixelsOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * How many pixels differ between two images of one size, counted apart inside and outside `inside`
 * (a test of whether a pixel at x, y may change).
 */
export async function differingPixels(
  a: Buffer,
  b: Buffer,
  inside: (x: number, y: number, width: number, height: number) => boolean,
) {
  const [pa, pb] = await Promise.all([pixelsOf(a), pixelsOf(b)]);
  if (pa.width !== pb.width || pa.height !== pb.height) throw new Error('images of different sizes');
  let within = 0;
  let outside = 0;
  for (let y = 0; y < pa.height; y++)
    for (let x = 0; x < pa.width; x++) {
      const i = (y * pa.width + x) * 3;
      const same =
        pa.data[i] === pb.data[i] && pa.data[i + 1] === pb.data[i + 1] && pa.data[i + 2] === pb.data[i + 2];
      if (same) continue;
      if (inside(x, y, pa.width, pa.height)) within++;
      else outside++;
    }
  return { within, outside };
}

/** Inside the stroke (a capsule along its points) grown by `margin`, a share of the long edge. */
export function nearStroke(stroke: MaskStroke, margin: number) {
  return (x: number, y: number, width: number, height: number) => {
    const radius = (stroke.size * width) / 2 + margin * Math.max(width, height);
    const pts = stroke.points.map(([px, py]) => [px * width, py * height] as const);
    for (let i = 0; i < pts.length; i++) {
      const [ax, ay] = pts[i]!;
      const [bx, by] = pts[Math.min(i + 1, pts.length - 1)]!;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len));
      if (Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= radius) return true;
    }
    return false;
  };
}

/** The share of pixels that changed beyond a JPEG's noise in a band of rows (shares of the height). */
export async function changedShare(before: Buffer, after: Buffer, [from, to]: [number, number]) {
  const [a, b] = await Promise.all([pixelsOf(before), pixelsOf(after)]);
  let changed = 0;
  let n = 0;
  for (let y = Math.floor(from * a.height); y < Math.floor(to * a.height); y++)
    for (let x = 0; x < a.width; x++) {
      const p = (y * a.width + x) * 3;
      const d = [0, 1, 2].reduce((s, c) => s + Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0)), 0);
      if (d > 24) changed++;
      n++;
    }
  return changed / n;
}
