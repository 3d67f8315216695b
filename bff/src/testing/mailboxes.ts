import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailOutboxDoc } from '../store';
import type { DocCollection } from '../store/types';
import { parseMail } from './mime';
import { SmtpSink } from './smtp-sink';

/** Where a test finds the mail a server sent to an address: the texts of every mail to it, oldest first. */
export type Mailbox = (email: string) => Promise<string[]>;

const boxes = new Map<string, Mailbox>();

/** Mail of the server at `url` is read through `box` (test apps and e2e servers register themselves). */
export function registerMailbox(url: string, box: Mailbox): void {
  boxes.set(url, box);
}

/** The store's outbox of an in-process app: written before the request answers, whatever the transport. */
export const outboxMailbox =
  (outbox: DocCollection<MailOutboxDoc>): Mailbox =>
  async (email) =>
    (await outbox.find({ to: email.toLowerCase() }, { sort: { createdAt: 1 } })).map((m) => m.text);

/** A server without SMTP_URL writes .eml files under DATA_DIR/mail; with it, the loopback sink has them. */
export function deliveredMailbox(env: { dataDir: string; smtpUrl?: string }): Mailbox {
  return async (email) => {
    const sink = env.smtpUrl ? SmtpSink.at(env.smtpUrl) : undefined;
    if (sink) return sink.to(email).map((m) => m.text);
    const dir = path.join(env.dataDir, 'mail');
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
    const mails = await Promise.all(
      names.map(async (n) => parseMail(await readFile(path.join(dir, n), 'utf8'))),
    );
    return mails.filter((m) => m.to.toLowerCase().includes(email.toLowerCase())).map((m) => m.text);
  };
}

/**
 * The newest link containing `fragment` mailed to `email` by the server at `url`, waiting for it up to
 * `timeoutMs` (mail leaves in the background).
 */
export async function mailedLink(
  url: string,
  email: string,
  fragment: string,
  timeoutMs = 15_000,
): Promise<string> {
  const box = boxes.get(url);
  if (!box)
    throw new Error(`No mailbox registered for ${url}: register the server's mail with registerMailbox`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = (await box(email)).flatMap((t) => t.match(/https?:\/\/\S+/g) ?? []);
    const link = links.reverse().find((l) => l.includes(fragment));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail with ${fragment} to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token of the newest sign-up link mailed to `email`. */
export const signUpToken = async (url: string, email: string) =>
  new URL(await mailedLink(url, email, '/confirm-account?token=')).searchParams.get('token') ?? '';
