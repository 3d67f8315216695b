import { describe, expect, it } from 'vitest';
import { signUp } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { CONTACT_RATE_LIMIT, CONTACT_RATE_LIMITED_MESSAGE } from './contact.service';

const message = {
  name: 'Ana Agent',
  email: 'Ana@Example.com ',
  subject: 'Question about staging',
  message: 'Can I stage a garage?',
  category: 'technical',
};

describe('POST /api/contact over real HTTP', () => {
  const t = useTestApp({ env: { TRUST_PROXY: 'true' } });
  // Each test sends from its own X-Forwarded-For address so rate limits do not leak between tests.
  let ipCounter = 0;
  const send = (body: unknown, headers: Record<string, string> = {}, ip = `10.0.0.${++ipCounter}`) =>
    fetch(`${t.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: t.url, 'X-Forwarded-For': ip, ...headers },
      body: JSON.stringify(body),
    });

  it('stores a valid message and answers 201 { ok: true }', async () => {
    const before = await t.deps.repos.contactMessages.count();
    const res = await send(message);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await t.deps.repos.contactMessages.count()).toBe(before + 1);
  });

  it('defaults the category to general, normalises the e-mail address and records the visitor', async () => {
    const { category: _omit, ...rest } = message;
    const res = await send({ ...rest, subject: 'No category given' });
    expect(res.status).toBe(201);
    const stored = await t.deps.store.collections.contactMessages.findOne({ subject: 'No category given' });
    expect(stored).toMatchObject({ category: 'general', email: 'ana@example.com', userId: null });
  });

  it('refuses missing fields and a bad e-mail with a 400 sentence', async () => {
    const noName = await send({ ...message, name: '  ' });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toEqual({
      error: 'validation_error',
      message: 'name: Please enter your name.',
    });

    const badEmail = await send({ ...message, email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ message: 'email: Please enter a valid email address.' });

    const badCategory = await send({ ...message, category: 'gossip' });
    expect(badCategory.status).toBe(400);

    const badKey = await send(message, { 'Idempotency-Key': 'x' });
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toMatchObject({ error: 'invalid_key' });
  });

  it('stores a retried message once when it carries the same Idempotency-Key', async () => {
    const before = await t.deps.repos.contactMessages.count();
    const headers = { 'Idempotency-Key': '2b0f0c3e-5d1a-4c8e-9f00-000000000001' };
    const first = await send(message, headers);
    const again = await send(message, headers);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(await again.json()).toEqual({ ok: true });
    expect(await t.deps.repos.contactMessages.count()).toBe(before + 1);
  });

  it(`rate-limits to ${CONTACT_RATE_LIMIT.max} messages per hour per address with 429 and Retry-After`, async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send(message, {}, ip)).status).toBe(201);
    const refused = await send(message, {}, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: 'rate_limited', message: CONTACT_RATE_LIMITED_MESSAGE });
    // Another address is not affected.
    expect((await send(message, {}, '192.0.2.78')).status).toBe(201);
  });

  it("records the signed-in user's id with the message", async () => {
    const {
      cookie,
      user: { id },
    } = await signUp(t.url, { email: 'member@example.com', password: 'long enough password' });
    const res = await send({ ...message, subject: 'From a member' }, { Cookie: cookie });
    expect(res.status).toBe(201);
    const stored = await t.deps.store.collections.contactMessages.findOne({ subject: 'From a member' });
    expect(stored?.userId).toBe(id);
  });

  it('refuses a cross-site post', async () => {
    const res = await send(message, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});
