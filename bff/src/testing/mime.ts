/** Just enough MIME reading for the mail the app sends (nodemailer's multipart/alternative, QP or base64). */

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  replyTo: string | null;
  from: string;
  to: string;
  text: string;
  html: string;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of `body`, whatever the nesting. */
function collectParts(headers: Map<string, string>, body: string, out: { text: string; html: string }): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const part = splitHead(piece.replace(/^\r?\n/, ''));
      collectParts(part.headers, part.body.replace(/\r?\n$/, ''), out);
    }
  } else if (type.toLowerCase().startsWith('text/html')) out.html = decodeBody(headers, body);
  else if (type.toLowerCase().startsWith('text/plain')) out.text = decodeBody(headers, body);
}

export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const parts = { text: '', html: '' };
  collectParts(headers, body, parts);
  return {
    headers,
    subject: headers.get('subject') ?? '',
    messageId: headers.get('message-id') ?? '',
    replyTo: headers.get('reply-to') ?? null,
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    text: parts.text.replace(/\r\n/g, '\n'),
    html: parts.html.replace(/\r\n/g, '\n'),
  };
}

/** The first http(s) link in a mail's text that contains `fragment`. */
export function linkIn(mail: Pick<ParsedMail, 'text'>, fragment: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link with ${fragment} in:\n${mail.text}`);
  return link;
}
