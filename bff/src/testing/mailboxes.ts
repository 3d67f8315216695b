import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseMail } from './mime';
import { SmtpSink } from './smtp-sink';

/**
 * Where a test reads the mail a server delivered: `take` finds the newest mail to `email` holding a link
 * with `fragment`, removes it from the inbox (as a reader who deletes it), and returns the link; null when
 * none has arrived yet. Removing it keeps tests that count an account's mail unaware of its sign-up mail.
 */
export interface Mailbox {
  take(email: string, fragment: string): Promise<string | null>;
}

const boxes = new Map<string, Mailbox>();

/** Mail of the server at `url` is read through `box` (test apps and e2e servers register themselves). */
export function registerMailbox(url: string, box: Mailbox): void {
  boxes.set(url, box);
}

const linkWith = (text: string, fragment: string) =>
  (text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(fragment)) ?? null;

/** A server without SMTP_URL writes .eml files under DATA_DIR/mail; with it, the loopback sink has them. */
export function deliveredMailbox(env: { dataDir: string; smtpUrl?: string }): Mailbox {
  const address = (email: string) => email.toLowerCase();
  return {
    async take(email, fragment) {
      const sink = env.smtpUrl ? SmtpSink.at(env.smtpUrl) : undefined;
      if (sink) {
        const at = sink.received.findLastIndex(
          (m) => m.rcptTo.includes(address(email)) && linkWith(m.text, fragment),
        );
        if (at < 0) return null;
        const [mail] = sink.received.splice(at, 1);
        return linkWith(mail!.text, fragment);
      }
      const dir = path.join(env.dataDir, 'mail');
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
      for (const name of names.sort().reverse()) {
        // Another take running beside this one (sign-ups at once) may have removed its own mail meanwhile.
        const text = await readFile(path.join(dir, name), 'utf8').catch(() => null);
        if (text === null) continue;
        const mail = parseMail(text);
        const link = mail.to.toLowerCase().includes(address(email)) ? linkWith(mail.text, fragment) : null;
        if (!link) continue;
        await rm(path.join(dir, name), { force: true });
        return link;
      }
      return null;
    },
  };
}

/**
 * Takes the newest link containing `fragment` mailed to `email` by the server at `url`, waiting for it up
 * to `timeoutMs` (mail leaves in the background).
 */
export async function takeMailedLink(
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
    const link = await box.take(email, fragment);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail with ${fragment} to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token of the newest sign-up link mailed to `email` (the mail is taken out of the inbox). */
export const signUpToken = async (url: string, email: string) =>
  new URL(await takeMailedLink(url, email, '/confirm-account?token=')).searchParams.get('token') ?? '';
