// Extracts printable-ASCII glyph outlines from a TrueType font into bff/src/images/listing/label-font.ts, so the
// listing label renders as SVG paths on servers without any fonts (librsvg draws no <text> there).
// Run: npx tsx scripts/make-label-font.ts [font.ttf] (the output is committed; Debian: fonts-dejavu-core).
import { readFileSync, writeFileSync } from 'node:fs';

const FONT = process.argv[2] ?? '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf';
const OUT = 'bff/src/images/listing/label-font.ts';
const font = readFileSync(FONT);

function tables(): Map<string, number> {
  const count = font.readUInt16BE(4);
  const map = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const rec = 12 + i * 16;
    map.set(font.toString('latin1', rec, rec + 4), font.readUInt32BE(rec + 8));
  }
  return map;
}
const t = tables();
const at = (tag: string): number => {
  const offset = t.get(tag);
  if (offset === undefined) throw new Error(`no ${tag} table`);
  return offset;
};

const unitsPerEm = font.readUInt16BE(at('head') + 18);
const longLoca = font.readInt16BE(at('head') + 50) === 1;
const ascender = font.readInt16BE(at('hhea') + 4);
const descender = font.readInt16BE(at('hhea') + 6);
const hMetrics = font.readUInt16BE(at('hhea') + 34);

function advanceOf(glyph: number): number {
  return font.readUInt16BE(at('hmtx') + Math.min(glyph, hMetrics - 1) * 4);
}

/** The glyph of a BMP code point through the (3,1) or (0,3) format-4 cmap. */
function glyphOf(code: number): number {
  const cmap = at('cmap');
  const n = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < n; i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const encoding = font.readUInt16BE(cmap + 6 + i * 8);
    const sub = cmap + font.readUInt32BE(cmap + 8 + i * 8);
    if (!((platform === 3 && encoding === 1) || (platform === 0 && encoding === 3))) continue;
    if (font.readUInt16BE(sub) !== 4) continue;
    const segs = font.readUInt16BE(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    for (let s = 0; s < segs; s++) {
      if (code > font.readUInt16BE(ends + s * 2)) continue;
      if (code < font.readUInt16BE(starts + s * 2)) return 0;
      const delta = font.readInt16BE(deltas + s * 2);
      const range = font.readUInt16BE(ranges + s * 2);
      if (range === 0) return (code + delta) & 0xffff;
      const g = font.readUInt16BE(ranges + s * 2 + range + (code - font.readUInt16BE(starts + s * 2)) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
  }
  return 0;
}

function glyphRange(glyph: number): [number, number] {
  const loca = at('loca');
  const read = (i: number) =>
    longLoca ? font.readUInt32BE(loca + i * 4) : font.readUInt16BE(loca + i * 2) * 2;
  return [at('glyf') + read(glyph), at('glyf') + read(glyph + 1)];
}

interface Point {
  x: number;
  y: number;
  on: boolean;
}

/** Contours of a glyph; composite glyphs are their components moved by their x/y offsets. */
function contoursOf(glyph: number, dx = 0, dy = 0): Point[][] {
  const [start, end] = glyphRange(glyph);
  if (end <= start) return [];
  const contours = font.readInt16BE(start);
  if (contours < 0) {
    const out: Point[][] = [];
    let p = start + 10;
    for (;;) {
      const flags = font.readUInt16BE(p);
      const component = font.readUInt16BE(p + 2);
      const words = (flags & 1) !== 0;
      const cx = words ? font.readInt16BE(p + 4) : font.readInt8(p + 4);
      const cy = words ? font.readInt16BE(p + 6) : font.readInt8(p + 5);
      if ((flags & 0xc8) !== 0) throw new Error(`glyph ${glyph}: scaled components are not supported`);
      out.push(...contoursOf(component, dx + cx, dy + cy));
      p += words ? 8 : 6;
      if ((flags & 0x20) === 0) return out;
    }
  }
  const endPts: number[] = [];
  for (let i = 0; i < contours; i++) endPts.push(font.readUInt16BE(start + 10 + i * 2));
  const total = (endPts.at(-1) ?? -1) + 1;
  let p = start + 10 + contours * 2;
  p += 2 + font.readUInt16BE(p);
  const flags: number[] = [];
  while (flags.length < total) {
    const f = font.readUInt8(p++);
    flags.push(f);
    if (f & 8) for (let r = font.readUInt8(p++); r > 0; r--) flags.push(f);
  }
  const coords = (short: number, same: number): number[] => {
    let v = 0;
    return flags.map((f) => {
      if (f & short) v += (f & same ? 1 : -1) * font.readUInt8(p++);
      else if (!(f & same)) {
        v += font.readInt16BE(p);
        p += 2;
      }
      return v;
    });
  };
  const xs = coords(2, 16);
  const ys = coords(4, 32);
  const points = flags.map((f, i) => ({ x: (xs[i] ?? 0) + dx, y: (ys[i] ?? 0) + dy, on: (f & 1) !== 0 }));
  return endPts.map((e, i) => points.slice(i === 0 ? 0 : (endPts[i - 1] ?? 0) + 1, e + 1));
}

/** A quadratic TrueType contour as SVG path commands, y pointing down (baseline at 0). */
function pathOf(contour: Point[]): string {
  const n = contour.length;
  const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, on: true });
  const firstOn = contour.findIndex((q) => q.on);
  const ring = firstOn >= 0 ? [...contour.slice(firstOn), ...contour.slice(0, firstOn)] : contour;
  const start = firstOn >= 0 ? ring[0]! : mid(ring[0]!, ring[1 % n]!);
  const fmt = (q: Point) => `${Math.round(q.x)} ${Math.round(-q.y)}`;
  let d = `M${fmt(start)}`;
  for (let i = firstOn >= 0 ? 1 : 0; i <= n; i++) {
    const cur = ring[i % n]!;
    if (cur.on) {
      if (i !== n || firstOn < 0) d += `L${fmt(cur)}`;
      continue;
    }
    const next = ring[(i + 1) % n]!;
    const to = next.on ? next : mid(cur, next);
    d += `Q${fmt(cur)} ${fmt(to)}`;
    if (next.on) i++;
  }
  return `${d}Z`;
}

const lines: string[] = [];
for (let code = 0x20; code <= 0x7e; code++) {
  const glyph = glyphOf(code);
  const path = contoursOf(glyph).map(pathOf).join('');
  lines.push(`  [${JSON.stringify(String.fromCharCode(code))}, ${advanceOf(glyph)}, '${path}'],`);
}

const source = `// Generated by scripts/make-label-font.ts from ${FONT.split('/').pop() ?? FONT}; do not edit.
// Glyph outlines of DejaVu Sans (Bitstream Vera derivative): Copyright (c) 2003 by Bitstream, Inc.
// All Rights Reserved. Bitstream Vera is a trademark of Bitstream, Inc. DejaVu changes are in public domain.
// Permission is hereby granted, free of charge, to any person obtaining a copy of the fonts accompanying
// this license ("Fonts") and associated documentation files (the "Font Software"), to reproduce and
// distribute the Font Software, including without limitation the rights to use, copy, merge, publish,
// distribute, and/or sell copies of the Font Software, and to permit persons to whom the Font Software is
// furnished to do so, subject to the following conditions: The above copyright and trademark notices and
// this permission notice shall be included in all copies of one or more of the Font Software typefaces.
// The Font Software may be modified, altered, or added to, and in particular the designs of glyphs or
// characters in the Fonts may be modified and additional glyphs or characters may be added to the Fonts,
// only if the fonts are renamed to names not containing either the words "Bitstream" or the word "Vera".
// This License becomes null and void to the extent applicable to Fonts or Font Software that has been
// modified and is distributed under the "Bitstream Vera" names. The Font Software may be sold as part of a
// larger software package but no copy of one or more of the Font Software typefaces may be sold by itself.
// THE FONT SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
// NOT LIMITED TO ANY WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
// COPYRIGHT, PATENT, TRADEMARK, OR OTHER RIGHT. IN NO EVENT SHALL BITSTREAM OR THE GNOME FOUNDATION BE
// LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, INCLUDING ANY GENERAL, SPECIAL, INDIRECT, INCIDENTAL,
// OR CONSEQUENTIAL DAMAGES, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF THE
// USE OR INABILITY TO USE THE FONT SOFTWARE OR FROM OTHER DEALINGS IN THE FONT SOFTWARE. Except as
// contained in this notice, the names of Gnome, the Gnome Foundation, and Bitstream Inc., shall not be
// used in advertising or otherwise to promote the sale, use or other dealings in this Font Software
// without prior written authorization from the Gnome Foundation or Bitstream Inc., respectively.

/** Font units per em, and the ascender/descender (descender negative), as in the font's hhea table. */
export const LABEL_FONT_METRICS = { unitsPerEm: ${unitsPerEm}, ascender: ${ascender}, descender: ${descender} };

/** [character, advance width, SVG path (font units, y down, baseline at 0)] for printable ASCII. */
export const LABEL_FONT_GLYPHS: readonly (readonly [string, number, string])[] = [
${lines.join('\n')}
];
`;
writeFileSync(OUT, source);
console.log(`wrote ${OUT}: ${lines.length} glyphs, ${source.length} bytes`);
