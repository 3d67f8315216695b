/**
 * A small PDF 1.4 writer for text documents: A4 pages, Helvetica (a standard font every reader has, so
 * nothing is embedded), lines wrapped to the page, uncompressed so a desk's tools can search it.
 */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Space above the line, in points. */
  gap?: number;
}

const PAGE = { width: 595, height: 842, margin: 50 };
/** Helvetica's widest common glyphs are about this share of the size: wrapping on it never overflows. */
const CHAR_WIDTH = 0.56;
const LEADING = 1.3;

/** WinAnsi for the few characters outside Latin-1 our texts use; anything else becomes '?'. */
const WIN_ANSI: Record<string, number> = {
  '\u2018': 0x91,
  '\u2019': 0x92,
  '\u201c': 0x93,
  '\u201d': 0x94,
  '\u2022': 0x95,
  '\u2013': 0x96,
  '\u2014': 0x97,
  '\u2026': 0x85,
};

function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const byte = WIN_ANSI[ch] ?? (code >= 32 && code <= 255 && code !== 127 ? code : 63);
    const c = String.fromCharCode(byte);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return out;
}

/** `text` cut into lines no wider than `width` points at `size`, between words (a long word is cut). */
export function wrapText(text: string, size: number, width: number): string[] {
  const max = Math.max(1, Math.floor(width / (size * CHAR_WIDTH)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    let rest = word;
    while (rest.length > max) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, max));
      line = '';
      rest = rest.slice(max);
    }
    const next = line ? `${line} ${rest}` : rest;
    if (next.length > max) {
      lines.push(line);
      line = rest;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

/** Lays the lines out on pages: one content stream per page, top to bottom. */
function pageStreams(lines: PdfLine[]): string[] {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  for (const line of lines) {
    const size = line.size ?? 10;
    y -= line.gap ?? 0;
    for (const part of wrapText(line.text, size, width)) {
      if (y - size < PAGE.margin) {
        pages.push(ops.join('\n'));
        ops = [];
        y = PAGE.height - PAGE.margin;
      }
      y -= size * LEADING;
      ops.push(
        `BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${encode(part)}) Tj ET`,
      );
    }
  }
  pages.push(ops.join('\n'));
  return pages;
}

/** The whole document as bytes: catalog, page tree, two fonts, then a page and its stream per page. */
export function pdfDocument(lines: PdfLine[], title: string): Buffer {
  const streams = pageStreams(lines);
  const objects: string[] = [];
  const pageIds = streams.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${encode(title)}) /Producer (Stagely) >>`;
  streams.forEach((stream, i) => {
    const id = pageIds[i]!;
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
