import { LISTING_ORIGINAL_CAPTION, VIRTUALLY_STAGED_LABEL } from '@shared/domain';
import { QR_QUIET_MODULES, ascent, lineHeight, qrMatrix, qrSvg, textPaths, textWidth } from './vector-text';

export interface ListingOverlay {
  svg: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A rectangle in the photo's pixels. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Line {
  text: string;
  size: number;
  fill: string;
  /** Where the line's glyphs may reach: ascender to descender, its drawn width. */
  box: Rect;
  baseline: number;
}

/** Where everything of the plate goes, in the photo's pixels. */
export interface ListingLayout {
  plate: Rect;
  qr: Rect;
  module: number;
  matrix: boolean[][];
  /** The 'Virtually staged' label, the caption and the printed URL, top to bottom. */
  lines: Line[];
}

/** Sizes as shares of the photo's short edge, with floors so small images stay legible. */
const LABEL_SIZE = { share: 0.05, min: 20 };
const SMALL_SIZE = { share: 0.02, min: 11 };
const PAD = { share: 0.016, min: 8 };
const MARGIN = { share: 0.02, min: 8 };
/** The QR code aims at this share of the short edge; modules stay whole pixels, at least 2. */
const QR_SHARE = 0.12;
const QR_MIN_MODULE = 2;
/** The plate never takes more of the photo's width than this (portrait photos shrink the text). */
const MAX_WIDTH_SHARE = 0.7;
const SHRINK_STEPS = 12;

const sized = (rule: { share: number; min: number }, short: number, shrink = 1) =>
  Math.max(1, Math.round(Math.max(rule.min, rule.share * short) * shrink));

/** The URL as printed: no scheme, so it is short enough to read and type. */
export const printedUrl = (url: string) => url.replace(/^https?:\/\//, '');

function textBlock(short: number, url: string, shrink: number) {
  const label = sized(LABEL_SIZE, short, shrink);
  const small = sized(SMALL_SIZE, short, shrink);
  const lines = [
    { text: VIRTUALLY_STAGED_LABEL, size: label, gap: 0, fill: '#0b0b0b' },
    { text: LISTING_ORIGINAL_CAPTION, size: small, gap: Math.round(small * 0.45), fill: '#1f2937' },
    { text: printedUrl(url), size: small, gap: Math.round(small * 0.15), fill: '#1f2937' },
  ];
  return {
    lines,
    pad: sized(PAD, short, shrink),
    width: Math.ceil(Math.max(...lines.map((l) => textWidth(l.text, l.size)))),
    height: Math.ceil(lines.reduce((h, l) => h + l.gap + lineHeight(l.size), 0)),
  };
}

/**
 * Where the listing-ready plate goes on a `width` x `height` photo: a white plate in the bottom-left corner
 * (away from the room's centre) with a QR code of `url`, the 'Virtually staged' label and the printed URL,
 * side by side and never on top of each other. `keepClear` px at the bottom belong to another caption
 * already in the photo (the preview engine's ribbon): the plate sits above them.
 */
export function listingLayout(width: number, height: number, url: string, keepClear = 0): ListingLayout {
  const short = Math.min(width, height);
  const margin = sized(MARGIN, short);
  const matrix = qrMatrix(url);
  const modules = matrix.length + 2 * QR_QUIET_MODULES;
  let shrink = 1;
  let block = textBlock(short, url, shrink);
  const qrTarget = Math.max(QR_SHARE * short, block.height);
  // The QR code itself must leave room for the text beside it, however narrow the photo.
  const qrRoom = Math.floor((width - 2 * margin) / 2 / modules);
  const module = Math.max(1, Math.min(Math.max(QR_MIN_MODULE, Math.floor(qrTarget / modules)), qrRoom));
  const qrSide = modules * module;
  const maxWidth = Math.max(MAX_WIDTH_SHARE * width, Math.min(width - 2 * margin, 2 * qrSide));
  const plateWidth = () => block.pad * 3 + qrSide + block.width;
  // Narrow (portrait or small) photos: shrink the text until the plate fits; the QR keeps its modules.
  for (let i = 0; i < SHRINK_STEPS && plateWidth() > maxWidth; i++) {
    const room = Math.max(1, maxWidth - qrSide - 3 * block.pad);
    shrink *= Math.min(0.95, room / block.width);
    block = textBlock(short, url, shrink);
  }
  const { pad } = block;
  const plateW = plateWidth();
  const plateH = pad * 2 + Math.max(qrSide, block.height);
  const left = margin;
  const top = Math.max(0, height - Math.max(margin, keepClear + margin) - plateH);

  const qr = {
    left: left + pad,
    top: top + pad + Math.floor((plateH - 2 * pad - qrSide) / 2),
    width: qrSide,
    height: qrSide,
  };
  const x = left + pad + qrSide + pad;
  let y = top + pad + Math.max(0, (plateH - 2 * pad - block.height) / 2);
  const lines = block.lines.map((l) => {
    y += l.gap;
    const box = { left: x, top: y, width: textWidth(l.text, l.size), height: lineHeight(l.size) };
    y += lineHeight(l.size);
    return { text: l.text, size: l.size, fill: l.fill, box, baseline: box.top + ascent(l.size) };
  });
  return { plate: { left, top, width: plateW, height: plateH }, qr, module, matrix, lines };
}

/** The listing-ready overlay (see `listingLayout`) as an SVG placed at its plate's corner. */
export function listingOverlay(width: number, height: number, url: string, keepClear = 0): ListingOverlay {
  const { plate, qr, module, matrix, lines } = listingLayout(width, height, url, keepClear);
  const pad = qr.left - plate.left;
  const local = (r: Rect) => ({ x: r.left - plate.left, y: r.top - plate.top });
  const text = lines.map((l) => textPaths(l.text, l.size, local(l.box).x, l.baseline - plate.top, l.fill));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${plate.width}" height="${plate.height}" viewBox="0 0 ${plate.width} ${plate.height}">
<rect x="0.5" y="0.5" width="${plate.width - 1}" height="${plate.height - 1}" rx="${Math.round(pad / 2)}" fill="#ffffff" fill-opacity="0.95" stroke="#000000" stroke-opacity="0.35"/>
${qrSvg(matrix, local(qr).x, local(qr).y, module)}
${text.join('\n')}
</svg>`;
  return { svg: Buffer.from(svg), ...plate };
}
