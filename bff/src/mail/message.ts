/** One mail as the app writes it: plain text and a simple HTML twin, no remote images or trackers. */
export interface MailContent {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

/** What a mail says, before it is put into its two bodies. */
export interface MailParts {
  greeting: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** One line per item (a batch's photos), each with its own link when it has one; after the paragraphs. */
  list?: { text: string; url?: string }[];
  /** The one thing to do, shown as a button in HTML and as a bare URL in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action. */
  after?: string[];
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/** Line breaks a writer typed (a contact message) survive in HTML. */
const htmlParagraph = (p: string) =>
  `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`;

const SIGNATURE = 'The Stagely team';

export function plainText(parts: MailParts): string {
  const blocks = [parts.greeting, ...parts.paragraphs];
  if (parts.list?.length)
    blocks.push(parts.list.map((i) => `- ${i.text}${i.url ? `\n  ${i.url}` : ''}`).join('\n'));
  if (parts.action) blocks.push(`${parts.action.label}:\n${parts.action.url}`);
  blocks.push(...(parts.after ?? []), SIGNATURE);
  return `${blocks.join('\n\n')}\n`;
}

export function simpleHtml(subject: string, parts: MailParts): string {
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(parts.action.url)}</p>`
    : '';
  const list = parts.list?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px">${parts.list
        .map(
          (i) =>
            `<li style="margin:0 0 8px">${escapeHtml(i.text)}${i.url ? ` <a href="${escapeHtml(i.url)}" style="color:#4f46e5">Open</a>` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  const body = [
    htmlParagraph(parts.greeting),
    ...parts.paragraphs.map(htmlParagraph),
    list,
    button,
    ...(parts.after ?? []).map(htmlParagraph),
    htmlParagraph(SIGNATURE),
  ].join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#ffffff">
<div style="max-width:560px">
${body}
</div>
</body></html>
`;
}

/** A mail to `to` whose text and HTML say the same. */
export const composeMail = (
  to: string,
  subject: string,
  parts: MailParts,
  replyTo?: string,
): MailContent => ({
  to,
  replyTo: replyTo ?? null,
  subject,
  text: plainText(parts),
  html: simpleHtml(subject, parts),
});

/** Query values that grant access by themselves (a reset link's token): kept out of the log. */
const SECRET_PARAMS = /([?&]token=)[^&#\s]*/g;

/** The http(s) links a mail's text carries, secrets masked (logged when mail is written to files). */
export const linksIn = (text: string): string[] => [
  ...new Set((text.match(/https?:\/\/[^\s<>"]+/g) ?? []).map((l) => l.replace(SECRET_PARAMS, '$1…'))),
];
