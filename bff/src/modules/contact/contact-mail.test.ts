import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUp } from '../../testing/auth-helpers';
import { SmtpSink } from '../../testing/smtp-sink';
import { useTestApp } from '../../testing/use-test-app';

const SUPPORT = 'help-desk@stagely.test';
const message = {
  name: 'Ana Agent',
  email: 'Ana@Example.com',
  subject: 'Question about staging',
  message: 'Can I stage a garage?\nIt has <b>tools</b> & a car.',
  category: 'technical',
};

describe('contact messages are mailed to support, with a copy to a signed-in sender', () => {
  const sink = new SmtpSink();
  beforeAll(() => sink.listen());
  afterAll(() => sink.close());
  const t = useTestApp({ env: () => ({ SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT, TRUST_PROXY: 'true' }) });
  let ip = 0;
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(
      `${t.url}/api/contact`,
      json(body, { method: 'POST', headers: { 'X-Forwarded-For': `10.7.0.${++ip}`, ...headers } }),
    );

  it("mails support with Reply-To the sender, and a visitor's typed address nothing: no relay", async () => {
    const res = await send(message);
    expect(res.status).toBe(201);
    const toSupport = await sink.waitFor((m) => m.rcptTo.includes(SUPPORT));
    expect(toSupport.subject).toBe('[Contact: technical] Question about staging');
    expect(toSupport.replyTo).toBe('ana@example.com');
    expect(toSupport.text).toContain('A message from Ana Agent <ana@example.com> (visitor):');
    expect(toSupport.text).toContain(message.message);
    expect(toSupport.html).toContain('It has &lt;b&gt;tools&lt;/b&gt; &amp; a car.');
    expect(toSupport.html).not.toContain('<b>tools</b>');

    // The typed address may be anyone's: it gets no mail, so the form cannot carry text to strangers.
    await t.deps.mail.flush();
    expect(sink.to('ana@example.com')).toEqual([]);
    expect(await t.deps.repos.contactMessages.count()).toBe(1);
  });

  it("acknowledges a signed-in sender at their own account's address, with a copy of the message", async () => {
    const { jar, email } = await signUp(t.url);
    const res = await jar.fetch(
      `${t.url}/api/contact`,
      json(
        { ...message, email: 'someone-else@example.com', subject: 'From my account' },
        { method: 'POST', headers: { 'X-Forwarded-For': `10.7.0.${++ip}` } },
      ),
    );
    expect(res.status).toBe(201);
    const ack = await sink.waitFor((m) => m.rcptTo.includes(email));
    expect(ack.subject).toBe('We received your message: From my account');
    expect(ack.replyTo).toBe(SUPPORT);
    expect(ack.text).toContain('Hello Ana Agent,');
    expect(ack.text).toContain(message.message);
    await t.deps.mail.flush();
    expect(sink.to('someone-else@example.com')).toEqual([]);
  });

  it('mails a retried message (same Idempotency-Key) once', async () => {
    const headers = { 'Idempotency-Key': '7a0f0c3e-5d1a-4c8e-9f00-00000000abcd' };
    const body = { ...message, subject: 'Sent twice' };
    expect((await send(body, headers)).status).toBe(201);
    expect((await send(body, headers)).status).toBe(200);
    await sink.waitFor((m) => m.subject === '[Contact: technical] Sent twice');
    await t.deps.mail.flush();
    expect(sink.received.filter((m) => m.subject.endsWith('Sent twice'))).toHaveLength(1);
  });

  it('still answers 201 while the mail server refuses; the mail arrives once it accepts again', async () => {
    sink.mode = 'refuse';
    const before = sink.connections;
    try {
      expect((await send({ ...message, subject: 'While refused' })).status).toBe(201);
      for (let i = 0; i < 200 && sink.connections === before; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(sink.received.some((m) => m.subject.endsWith('While refused'))).toBe(false);
    } finally {
      sink.mode = 'accept';
    }
    await sink.waitFor((m) => m.subject === '[Contact: technical] While refused');
  });
});
