import qrcode from 'qrcode-generator';
import { LABEL_FONT_GLYPHS, LABEL_FONT_METRICS } from './label-font';

const GLYPHS = new Map(LABEL_FONT_GLYPHS.map(([char, advance, path]) => [char, { advance, path }]));
const FALLBACK = GLYPHS.get('?')!;
const glyphOf = (char: string) => GLYPHS.get(char) ?? FALLBACK;

/** Width in px of `text` set at `size` px (no kerning, as it is drawn). */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const char of text) units += glyphOf(char).advance;
  return (units * size) / LABEL_FONT_METRICS.unitsPerEm;
}

/** Height in px above the baseline of a line set at `size` px. */
export const ascent = (size: number) => (LABEL_FONT_METRICS.ascender * size) / LABEL_FONT_METRICS.unitsPerEm;

/** Ascender-to-descender height in px of a line set at `size` px. */
export const lineHeight = (size: number) =>
  ((LABEL_FONT_METRICS.ascender - LABEL_FONT_METRICS.descender) * size) / LABEL_FONT_METRICS.unitsPerEm;

const escapeAttr = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `text` as SVG outlines with its baseline at (x, y): no <text>, so it renders the same on a server
 * without a single font installed (librsvg would draw nothing there).
 */
export function textPaths(text: string, size: number, x: number, y: number, fill: string): string {
  const scale = size / LABEL_FONT_METRICS.unitsPerEm;
  let pen = 0;
  const parts: string[] = [];
  for (const char of text) {
    const glyph = glyphOf(char);
    if (glyph.path) parts.push(`<path transform="translate(${pen} 0)" d="${glyph.path}"/>`);
    pen += glyph.advance;
  }
  return `<g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(5)})" fill="${escapeAttr(fill)}">${parts.join('')}</g>`;
}

/** Quiet zone kept around a QR code, in modules (the white plate around it adds more). */
export const QR_QUIET_MODULES = 2;

/** The QR matrix of `data` (error correction M, smallest version that fits). */
export function qrMatrix(data: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(data, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, row) => Array.from({ length: n }, (_, col) => qr.isDark(row, col)));
}

/** Dark modules as one crisp path at (x, y), `module` px each, on a white square with the quiet zone. */
export function qrSvg(matrix: boolean[][], x: number, y: number, module: number): string {
  const side = (matrix.length + 2 * QR_QUIET_MODULES) * module;
  let d = '';
  matrix.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) d += `M${c + QR_QUIET_MODULES} ${r + QR_QUIET_MODULES}h1v1h-1z`;
    }),
  );
  return (
    `<rect x="${x}" y="${y}" width="${side}" height="${side}" fill="#fff"/>` +
    `<path transform="translate(${x} ${y}) scale(${module})" d="${d}" fill="#000" shape-rendering="crispEdges"/>`
  );
}
