import { request } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../testing/auth-helpers';
import { linkIn, parseMail } from '../../testing/mime';
import { SmtpSink } from '../../testing/smtp-sink';
import { startTestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { healthDetails } from '../../testing/health';

const FORGED = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

/** POSTs JSON with headers fetch would not let us forge (Host). */
function forgedPost(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(data);
  });
}

describe('reset links come from PUBLIC_URL, never from the request', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  // TRUST_PROXY on: even X-Forwarded-Host from a trusted proxy decides no link.
  const t = useTestApp({
    env: () => ({ SMTP_URL: sink.url, TRUST_PROXY: 'true', PUBLIC_URL: 'https://stagely.example.com' }),
  });

  it('mails the victim a link on the public origin when the Host header is forged', async () => {
    const victim = await signUp(t.url);
    const status = await forgedPost(`${t.url}/api/auth/password-reset`, { email: victim.email }, FORGED);
    expect(status).toBe(202);
    const mail = await sink.waitFor((m) => m.rcptTo.includes(victim.email));
    const link = new URL(linkIn(mail, '/reset-password?token='));
    expect(link.origin).toBe('https://stagely.example.com');
    expect(mail.text + mail.html).not.toContain('evil.example');
  });
});

describe('without PUBLIC_URL', () => {
  it('links point at this machine, start-up and /api/health say so, and the log never holds the token', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', base: undefined },
      new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) }),
    );
    const t = await startTestApp({ PUBLIC_URL: '' }, { logger });
    try {
      const port = new URL(t.url).port;
      const { health } = await healthDetails(t.url);
      expect(health.links).toMatchObject({ origin: `http://localhost:${port}`, localOnly: true });
      expect(health.links?.note).toMatch(/work only on this machine/);

      const user = await signUp(t.url);
      expect(await forgedPost(`${t.url}/api/auth/password-reset`, { email: user.email }, FORGED)).toBe(202);
      await t.deps.mail.flush();
      const dir = path.join(t.deps.config.dataDir, 'mail');
      const [file] = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
      const mail = parseMail(await readFile(path.join(dir, file!), 'utf8'));
      const link = new URL(linkIn(mail, '/reset-password?token='));
      expect(link.origin).toBe(`http://localhost:${port}`);
      const token = link.searchParams.get('token')!;
      expect(token.length).toBeGreaterThan(20);
      const log = lines.join('');
      expect(log).toContain('/reset-password?token=…');
      expect(log).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
