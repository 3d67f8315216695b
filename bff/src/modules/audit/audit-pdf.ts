import { C2PA_NOT_SIGNED, type AuditFile, type AuditPacket } from '@shared/api';
import { pdfDocument, type PdfLine } from './pdf-document';

/** The PDF's words: a compliance desk reads them, so each field says what it is. */
export const AUDIT_PDF_TEXTS = {
  title: (name: string) => `Audit packet: ${name}`,
  intro: (generated: string, files: number) =>
    `Every published altered file of this listing, as handed over by Stagely. Generated ${generated}; ${files} file${files === 1 ? '' : 's'}. The same data is in the JSON file beside this one.`,
  none: 'No altered file of this listing has been downloaded yet.',
  file: (i: number, f: AuditFile) =>
    `File ${i}: ${f.name}${f.version === null ? '' : `, version ${f.version}`}, ${f.variant}`,
  fileSha: 'File SHA-256',
  originalSha: 'Original SHA-256',
  label: 'Label on the photo, as shown',
  noLabel: '(none: no words on the photo)',
  caption: 'Caption, as given',
  noCaption: '(none)',
  rules: 'MLS rules followed',
  notConfirmed: 'not confirmed against the published text',
  alterations: 'Alterations',
  model: 'Engine and model',
  staged: 'Staged',
  edits: 'Edits',
  noEdits: '(none)',
  downloads: 'Downloads',
  c2pa: 'C2PA validation',
  unsigned: `${C2PA_NOT_SIGNED} (the file carries an unsigned XMP disclosure only)`,
} as const;

const T = AUDIT_PDF_TEXTS;
const field = (name: string, value: string): PdfLine => ({ text: `${name}: ${value}`, size: 9, gap: 2 });

function fileLines(f: AuditFile, i: number): PdfLine[] {
  const p = f.mlsProfile;
  const rule = `${p.name}: ${p.rule}${p.url ? ` (${p.url})` : ''}, read ${p.read}${p.confirmed ? '' : `, ${T.notConfirmed}`}`;
  return [
    { text: T.file(i, f), size: 12, bold: true, gap: 14 },
    field(T.fileSha, f.fileSha256 ?? '-'),
    field(T.originalSha, f.originalSha256),
    field(T.label, f.label ?? T.noLabel),
    field(T.caption, f.caption ?? T.noCaption),
    field(T.rules, rule),
    field(T.alterations, `${f.alterationLabels.join('; ')} (${f.alterations.join(', ')})`),
    field(T.model, `${f.engine}${f.model ? `, ${f.model}` : ''}`),
    field(T.staged, f.stagedAt),
    field(T.edits, f.editedAt.length > 0 ? f.editedAt.join(', ') : T.noEdits),
    field(T.downloads, `${f.downloadedAt.join(', ')} by ${f.downloadedBy.join(', ')}`),
    field(T.c2pa, f.c2pa === C2PA_NOT_SIGNED ? T.unsigned : f.c2pa),
  ];
}

/** The packet as a PDF for a compliance desk: a heading, then each file's fields. */
export function auditPdf(packet: AuditPacket): Buffer {
  const lines: PdfLine[] = [
    { text: T.title(packet.name), size: 16, bold: true },
    { text: T.intro(packet.generatedAt, packet.files.length), size: 10, gap: 6 },
    ...(packet.files.length === 0 ? [{ text: T.none, size: 10, gap: 10 }] : []),
    ...packet.files.flatMap((f, i) => fileLines(f, i + 1)),
  ];
  return pdfDocument(lines, T.title(packet.name));
}
