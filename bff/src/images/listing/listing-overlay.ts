import { LISTING_ORIGINAL_CAPTION } from '@shared/domain';
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
  /** The label's lines ('Virtually staged', ...), the caption and the printed URL, top to bottom. */
  lines: Line[];
}

/** What a labelled photo carries: its words, the address of its original (QR code and printed) or none. */
export interface PlateSpec {
  label: string;
  link: string | null;
  corner: 'bottom-left' | 'bottom-right';
  /** The EU 'AI' icon (with MODIFIED) in the top-right corner too. */
  aiIcon?: boolean;
}

/**
 * Sizes in px on a photo 1024 px wide (as MLS pages scale them), grown with wider photos so the printed
 * address is still readable after scaling; floors keep small photos legible.
 */
const REFERENCE_WIDTH = 1024;
const LABEL_SIZE = { ref: 22, min: 16 };
const SMALL_SIZE = { ref: 13, min: 11 };
const PAD = { ref: 8, min: 6 };
const MARGIN = { ref: 12, min: 8 };
/** QR modules at least this many px after scaling to the reference width, so a phone still reads them. */
const QR_MODULE_AT_REFERENCE = 3;
/** The plate takes at most a third of the photo's width, unless the floors above need more. */
const MAX_WIDTH_SHARE = 1 / 3;
/** Text never shrinks below this share of its size, so the address stays readable at 1024 px. */
const MIN_SHRINK = 0.85;
const SHRINK_STEPS = 12;

const sized = (rule: { ref: number; min: number }, scale: number, shrink = 1) =>
  Math.max(1, Math.round(Math.max(rule.min, rule.ref * scale) * shrink));

/** The URL as printed: no scheme, so it is short enough to read and type. */
export const printedUrl = (url: string) => url.replace(/^https?:\/\//, '');

/**
 * The label's lines: each disclosure ('Virtually staged; Sky replaced') on its own line, a line longer than
 * `room` px wrapped between words, so more disclosures make the plate taller, never wider.
 */
export function labelLines(label: string, size: number, room: number): string[] {
  const out: string[] = [];
  for (const phrase of label.split('; ')) {
    let line = '';
    for (const word of phrase.split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, size) > room) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

function textBlock(scale: number, spec: PlateSpec, shrink: number, room = Infinity) {
  const label = sized(LABEL_SIZE, scale, shrink);
  const small = sized(SMALL_SIZE, scale, shrink);
  const link = spec.link
    ? [
        { text: LISTING_ORIGINAL_CAPTION, size: small, gap: Math.round(small * 0.45), fill: '#1f2937' },
        { text: printedUrl(spec.link), size: small, gap: Math.round(small * 0.15), fill: '#1f2937' },
      ]
    : [];
  // The address cannot wrap: the label may use the width it takes anyway.
  const wrapAt = Math.max(room, ...link.map((l) => textWidth(l.text, l.size)));
  const lines = labelLines(spec.label, label, wrapAt).map((text, i) => ({
    text,
    size: label,
    gap: i === 0 ? 0 : Math.round(label * 0.1),
    fill: '#0b0b0b',
  }));
  lines.push(...link);
  return {
    lines,
    pad: sized(PAD, scale, shrink),
    width: Math.ceil(Math.max(...lines.map((l) => textWidth(l.text, l.size)))),
    height: Math.ceil(lines.reduce((h, l) => h + l.gap + lineHeight(l.size), 0)),
  };
}

/**
 * Where the plate goes on a `width` x `height` photo: a white plate in a bottom corner (away from the
 * room's centre) with the label and, when the photo links its original, a QR code of it and the printed
 * address, side by side and never on top of each other. `keepClear` px at the bottom belong to another
 * caption already in the photo (the preview engine's ribbon): the plate sits above them.
 */
export function listingLayout(width: number, height: number, spec: PlateSpec, keepClear = 0): ListingLayout {
  const scale = width / REFERENCE_WIDTH;
  const margin = sized(MARGIN, scale);
  const matrix = spec.link ? qrMatrix(spec.link) : [];
  const modules = spec.link ? matrix.length + 2 * QR_QUIET_MODULES : 0;
  let shrink = 1;
  let block = textBlock(scale, spec, shrink);
  // The QR code itself must leave room for the text beside it, however narrow the photo.
  const qrRoom = modules ? Math.floor((width - 2 * margin) / 2 / modules) : 0;
  // As tall as the text, but never more than a third of the plate's share: the text needs the rest.
  const wanted = Math.max(
    2,
    Math.ceil(QR_MODULE_AT_REFERENCE * scale),
    Math.min(
      Math.floor(block.height / (modules || 1)),
      Math.floor((MAX_WIDTH_SHARE * width) / 3 / (modules || 1)),
    ),
  );
  const module = modules ? Math.max(1, Math.min(wanted, qrRoom)) : 0;
  const qrSide = modules * module;
  const maxWidth = Math.max(MAX_WIDTH_SHARE * width, Math.min(width - 2 * margin, 2 * qrSide));
  const textRoom = () => Math.max(1, maxWidth - qrSide - (qrSide ? 3 : 2) * block.pad);
  const plateWidth = () => block.pad * (qrSide ? 3 : 2) + qrSide + block.width;
  // More disclosures wrap onto more lines within the plate's share of the width.
  block = textBlock(scale, spec, shrink, textRoom());
  // Narrow photos: shrink the text until the plate fits (not past MIN_SHRINK); the QR keeps its modules.
  for (let i = 0; i < SHRINK_STEPS && plateWidth() > maxWidth && shrink > MIN_SHRINK; i++) {
    shrink = Math.max(MIN_SHRINK, shrink * Math.min(0.95, textRoom() / block.width));
    block = textBlock(scale, spec, shrink, textRoom());
  }
  // Still too wide (a small photo, a long word): the photo's width minus the margins is the limit.
  for (let i = 0; i < SHRINK_STEPS && plateWidth() > width - 2 * margin; i++) {
    shrink *= 0.9;
    block = textBlock(scale, spec, shrink, textRoom());
  }
  const { pad } = block;
  const plateW = plateWidth();
  const plateH = pad * 2 + Math.max(qrSide, block.height);
  const left = spec.corner === 'bottom-right' ? Math.max(0, width - margin - plateW) : margin;
  const top = Math.max(0, height - Math.max(margin, keepClear + margin) - plateH);

  const qr = {
    left: left + pad,
    top: top + pad + Math.floor((plateH - 2 * pad - qrSide) / 2),
    width: qrSide,
    height: qrSide,
  };
  const x = left + pad + (qrSide ? qrSide + pad : 0);
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
export function listingOverlay(
  width: number,
  height: number,
  spec: PlateSpec,
  keepClear = 0,
): ListingOverlay {
  const { plate, qr, module, matrix, lines } = listingLayout(width, height, spec, keepClear);
  const pad = Math.max(1, (lines[0]?.box.top ?? plate.top) - plate.top);
  const local = (r: Rect) => ({ x: r.left - plate.left, y: r.top - plate.top });
  const text = lines.map((l) => textPaths(l.text, l.size, local(l.box).x, l.baseline - plate.top, l.fill));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${plate.width}" height="${plate.height}" viewBox="0 0 ${plate.width} ${plate.height}">
<rect x="0.5" y="0.5" width="${plate.width - 1}" height="${plate.height - 1}" rx="${Math.round(pad / 2)}" fill="#ffffff" fill-opacity="0.95" stroke="#000000" stroke-opacity="0.35"/>
${module ? qrSvg(matrix, local(qr).x, local(qr).y, module) : ''}
${text.join('\n')}
</svg>`;
  return { svg: Buffer.from(svg), ...plate };
}
