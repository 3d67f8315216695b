import { boxOf, components } from '../structure/structure-regions';
import { boxMean, lumaOf } from '../structure/structure-scene';

/**
 * The permanent elements a lock keeps inside the furniture band, found in one photo: windows and glass
 * doors (brighter than the wall around them), open doorways (dark, tall, down to the floor) and a
 * fireplace's firebox (dark, compact, low on a wall). Each is kept as its box grown by a frame's width.
 */
interface OpeningKind {
  bright: boolean;
  /** Off the surface around it (ratio - 1) a pixel is at least, this way. */
  contrast: number;
  /** Its box, as shares of the width and height. */
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  /** Its box reaches at least this low (shares of the height): a doorway stands on the floor. */
  bottomFrom: number;
  /** Taller than wide by at least this much (a doorway), or at most (a firebox). */
  minTall: number;
  maxTall: number;
  minFill: number;
  /** Kept only above this share of the height (furniture may stand in front of a window below it). */
  keepAbove: number;
}

/** Below this share of the height, furniture may stand in front of a window or glass door. */
export const FURNITURE_LINE = 0.62;
/** The surface around an opening is averaged over this share of the long edge. */
const AROUND = 0.08;
/** A frame's width around what is found, as a share of the long edge. */
const FRAME = 0.025;

const KINDS: readonly OpeningKind[] = [
  // A window or glass door: the view is brighter than the wall.
  {
    bright: true,
    contrast: 0.18,
    minWidth: 0.02,
    maxWidth: 1,
    minHeight: 0.03,
    bottomFrom: 0,
    minTall: 0,
    maxTall: Infinity,
    minFill: 0.2,
    keepAbove: FURNITURE_LINE,
  },
  // An open doorway into a darker room.
  {
    bright: false,
    contrast: 0.3,
    minWidth: 0.04,
    maxWidth: 0.35,
    minHeight: 0.25,
    bottomFrom: 0.6,
    minTall: 1.2,
    maxTall: Infinity,
    minFill: 0.5,
    keepAbove: 1,
  },
  // A firebox: dark, compact, low.
  {
    bright: false,
    contrast: 0.35,
    minWidth: 0.05,
    maxWidth: 0.3,
    minHeight: 0.06,
    bottomFrom: 0.55,
    minTall: 0,
    maxTall: 1.5,
    minFill: 0.6,
    keepAbove: 1,
  },
];

/** 1 where the photo shows a permanent element a staging must not cover or change (working size). */
export function openingsOf(rgb: Buffer, w: number, h: number): Uint8Array {
  const luma = lumaOf(rgb, w * h);
  const surface = boxMean(luma, w, h, Math.max(2, Math.round(AROUND * Math.max(w, h))));
  const off = luma.map((v, i) => (v + 8) / ((surface[i] ?? 0) + 8) - 1);
  const locked = new Uint8Array(w * h);
  const frame = Math.max(1, Math.round(FRAME * Math.max(w, h)));
  for (const kind of KINDS) {
    const mask = new Uint8Array(w * h);
    for (let i = 0; i < mask.length; i++)
      mask[i] = kind.bright
        ? (off[i] ?? 0) >= kind.contrast
          ? 1
          : 0
        : (off[i] ?? 0) <= -kind.contrast
          ? 1
          : 0;
    for (const px of components(mask, w, h)) {
      const { x0, y0, x1, y1 } = boxOf(px, w);
      const bw = x1 - x0 + 1;
      const bh = y1 - y0 + 1;
      if (bw < kind.minWidth * w || bw > kind.maxWidth * w || bh < kind.minHeight * h) continue;
      if (y1 < kind.bottomFrom * h || bh < kind.minTall * bw || bh > kind.maxTall * bw) continue;
      if (px.length < kind.minFill * bw * bh) continue;
      const bottom = Math.min(y1 + frame, Math.round(kind.keepAbove * h) - 1, h - 1);
      for (let y = Math.max(0, y0 - frame); y <= bottom; y++)
        for (let x = Math.max(0, x0 - frame); x <= Math.min(w - 1, x1 + frame); x++) locked[y * w + x] = 1;
    }
  }
  return locked;
}
