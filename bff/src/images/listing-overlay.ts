import { LISTING_ORIGINAL_CAPTION, VIRTUALLY_STAGED_LABEL } from '@shared/domain';
import { QR_QUIET_MODULES, ascent, lineHeight, qrMatrix, qrSvg, textPaths, textWidth } from './vector-text';

export interface ListingOverlay {
  svg: Buffer;
  left: number;
  top: number;
  width: number;
  height: number;
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
 * The listing-ready overlay for a `width` x `height` photo: a white plate in the bottom-left corner (away
 * from the room's centre) with a QR code of `url`, the 'Virtually staged' label and the printed URL.
 */
export function listingOverlay(width: number, height: number, url: string): ListingOverlay {
  const short = Math.min(width, height);
  const matrix = qrMatrix(url);
  const modules = matrix.length + 2 * QR_QUIET_MODULES;
  let shrink = 1;
  let block = textBlock(short, url, shrink);
  const qrTarget = Math.max(QR_SHARE * short, block.height);
  const module = Math.max(QR_MIN_MODULE, Math.floor(qrTarget / modules));
  const qrSide = modules * module;
  const plateWidth = () => block.pad * 3 + qrSide + block.width;
  // Narrow (portrait or small) photos: shrink the text until the plate fits; the QR keeps its modules.
  for (let i = 0; i < 4 && plateWidth() > MAX_WIDTH_SHARE * width; i++) {
    shrink *= Math.max(0.1, (MAX_WIDTH_SHARE * width - qrSide - 3 * block.pad) / block.width);
    block = textBlock(short, url, shrink);
  }
  const { pad } = block;
  const plateW = Math.min(plateWidth(), width);
  const plateH = Math.min(pad * 2 + Math.max(qrSide, block.height), height);
  let y = pad + Math.max(0, (plateH - 2 * pad - block.height) / 2);
  const x = pad + qrSide + pad;
  const text = block.lines.map((l) => {
    y += l.gap + ascent(l.size);
    const path = textPaths(l.text, l.size, x, y, l.fill);
    y += lineHeight(l.size) - ascent(l.size);
    return path;
  });
  const qrTop = pad + Math.floor((plateH - 2 * pad - qrSide) / 2);
  const margin = sized(MARGIN, short);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${plateW}" height="${plateH}" viewBox="0 0 ${plateW} ${plateH}">
<rect x="0.5" y="0.5" width="${plateW - 1}" height="${plateH - 1}" rx="${Math.round(pad / 2)}" fill="#ffffff" fill-opacity="0.95" stroke="#000000" stroke-opacity="0.35"/>
${qrSvg(matrix, pad, qrTop, module)}
${text.join('\n')}
</svg>`;
  return {
    svg: Buffer.from(svg),
    left: margin,
    top: Math.max(0, height - margin - plateH),
    width: plateW,
    height: plateH,
  };
}
