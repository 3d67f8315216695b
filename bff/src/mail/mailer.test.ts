import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createRepositories, openStore, type Repositories, type Store } from '../store';
import { parseMail } from '../testing/mime';
import { SmtpSink } from '../testing/smtp-sink';
import { TEST_MAIL_TUNING } from '../testing/test-app';
import { composeMail } from './message';
import { createMailer, type Mailer } from './outbox-sender';
import { passwordResetMail } from './templates';
import { createMailTransport } from './transport';

interface Rig {
  dataDir: string;
  store: Store;
  repos: Repositories;
  mailer: Mailer;
  logs: string[];
}

async function rig(env: Record<string, string>): Promise<Rig> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stagely-mail-'));
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const logs: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  );
  const store = await openStore({ dataDir });
  const repos = createRepositories(store);
  const mailer = createMailer(
    { repos, logger, config, transport: createMailTransport(config, logger) },
    TEST_MAIL_TUNING,
  );
  mailer.start();
  return { dataDir, store, repos, mailer, logs };
}

const until = async (condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const hello = (to: string, subject: string) =>
  composeMail(to, subject, { greeting: 'Hello <you>,', paragraphs: ['Line one & more.'] });

describe('mail over SMTP through the outbox', () => {
  const sink = new SmtpSink();
  let r: Rig;
  beforeAll(async () => {
    await sink.listen();
    r = await rig({
      SMTP_URL: sink.url,
      SMTP_TIMEOUT_MS: '300',
      MAIL_FROM: 'Stagely <no-reply@stagely.test>',
    });
  });
  afterEach(() => {
    sink.mode = 'accept';
  });
  afterAll(async () => {
    await r.mailer.stop();
    await r.store.close();
    await sink.close();
    await rm(r.dataDir, { recursive: true, force: true });
  });

  it('sends plain text and simple HTML, with a stable Message-ID, the sender and no remote content', async () => {
    await r.mailer.enqueue('hello:1', hello('ana@example.com', 'Hello Ana'));
    const mail = await sink.waitFor((m) => m.subject === 'Hello Ana');
    await until(async () => (await r.repos.mailOutbox.get('hello:1'))?.status === 'sent');
    const stored = await r.repos.mailOutbox.get('hello:1');
    expect(stored).toMatchObject({ status: 'sent', attempts: 1 });
    expect(mail.messageId).toBe(stored?.messageId);
    expect(mail.messageId).toMatch(/^<[0-9a-f-]+@stagely\.test>$/);
    expect(mail.from).toBe('Stagely <no-reply@stagely.test>');
    expect(mail.rcptTo).toEqual(['ana@example.com']);
    expect(mail.text).toContain('Hello <you>,\n\nLine one & more.');
    expect(mail.html).toContain('Hello &lt;you&gt;,');
    expect(mail.html).not.toMatch(/<img|src=|https?:\/\//);
  });

  it('keeps one mail when the same logical mail is enqueued twice', async () => {
    await r.mailer.enqueue('once:1', hello('bo@example.com', 'Only once'));
    await r.mailer.enqueue('once:1', hello('bo@example.com', 'Only once'));
    await sink.waitFor((m) => m.subject === 'Only once');
    await r.mailer.flush();
    expect(sink.received.filter((m) => m.subject === 'Only once')).toHaveLength(1);
  });

  it('a refusing server: enqueue still succeeds, the mail is retried and arrives once the server is back', async () => {
    sink.mode = 'refuse';
    const before = sink.connections;
    const started = Date.now();
    await r.mailer.enqueue('refused:1', hello('cy@example.com', 'After a refusal'));
    expect(Date.now() - started).toBeLessThan(1000);
    await until(() => sink.connections >= before + 2);
    const waiting = await r.repos.mailOutbox.get('refused:1');
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting?.attempts).toBeGreaterThanOrEqual(2);
    expect(waiting?.lastError).toMatch(/451|unavailable/i);
    expect(sink.received.some((m) => m.subject === 'After a refusal')).toBe(false);
    sink.mode = 'accept';
    await sink.waitFor((m) => m.subject === 'After a refusal');
    await until(async () => (await r.repos.mailOutbox.get('refused:1'))?.status === 'sent');
    await r.mailer.flush();
    expect(sink.received.filter((m) => m.subject === 'After a refusal')).toHaveLength(1);
    expect(await r.repos.mailOutbox.get('refused:1')).toMatchObject({ status: 'sent' });
  });

  it('a hanging server: the attempt times out and the mail is sent on a later try', async () => {
    sink.mode = 'hang';
    const before = sink.connections;
    await r.mailer.enqueue('hang:1', hello('di@example.com', 'After a hang'));
    await until(async () => Boolean((await r.repos.mailOutbox.get('hang:1'))?.lastError));
    expect(sink.connections).toBeGreaterThan(before);
    expect((await r.repos.mailOutbox.get('hang:1'))?.lastError).toMatch(
      /greeting never received|timeout|timed out/i,
    );
    sink.mode = 'accept';
    await sink.waitFor((m) => m.subject === 'After a hang');
    await until(async () => (await r.repos.mailOutbox.get('hang:1'))?.status === 'sent');
    expect(await r.repos.mailOutbox.get('hang:1')).toMatchObject({ status: 'sent' });
  });

  it('a mail enqueued while the sender is down is sent by the next sender (nothing is lost)', async () => {
    await r.repos.mailOutbox.enqueue('left:1', {
      ...hello('ed@example.com', 'Left in the outbox'),
      replyTo: null,
      messageId: '<left-1@stagely.test>',
    });
    const mail = await sink.waitFor((m) => m.subject === 'Left in the outbox');
    expect(mail.messageId).toBe('<left-1@stagely.test>');
  });
});

describe('mail with nothing configured: .eml files under DATA_DIR/mail', () => {
  let r: Rig;
  beforeAll(async () => {
    r = await rig({});
  });
  afterAll(async () => {
    await r.mailer.stop();
    await r.store.close();
    await rm(r.dataDir, { recursive: true, force: true });
  });

  it('writes each mail as an .eml file and logs its subject and links, the reset token masked', async () => {
    const url = 'http://localhost:8080/reset-password?token=abc123';
    await r.mailer.enqueue('reset:eml', passwordResetMail('fay@example.com', url));
    await until(async () => (await r.repos.mailOutbox.get('reset:eml'))?.status === 'sent');
    const dir = path.join(r.dataDir, 'mail');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = parseMail(await readFile(path.join(dir, files[0]!), 'utf8'));
    expect(mail.subject).toBe('Reset your Stagely password');
    expect(mail.to).toBe('fay@example.com');
    expect(mail.text).toContain(url);
    const line = r.logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.subject === mail.subject);
    expect(line).toMatchObject({
      level: 30,
      links: ['http://localhost:8080/reset-password?token=…'],
      to: 'fay@example.com',
    });
    expect(r.logs.join('\n')).not.toContain('abc123');
  });
});
