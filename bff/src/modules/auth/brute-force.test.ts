import { describe, expect, it } from 'vitest';
import { json, signUp } from '../../testing/auth-helpers';
import { withTestApp, type TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';

const FAILURES_PER_EMAIL = 4;
const ATTEMPTS_PER_IP = 12;
const WINDOW_SECONDS = 15 * 60;

interface Answer {
  status: number;
  retryAfter: number | null;
  body: unknown;
}

async function attempt(t: TestApp, email: string, password: string, forwardedFor?: string): Promise<Answer> {
  const res = await fetch(
    `${t.url}/api/auth/login`,
    json(
      { email, password },
      { method: 'POST', headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} },
    ),
  );
  const retry = res.headers.get('retry-after');
  return { status: res.status, retryAfter: retry === null ? null : Number(retry), body: await res.json() };
}

function expectLimited(a: Answer, what: string): void {
  expect(a.status, what).toBe(429);
  expect(a.retryAfter, what).toBeGreaterThan(0);
  // A sliding window counts hits of the last window for part of the next: the wait is at most the
  // window plus the time one of `max` hits takes to slide out.
  expect(a.retryAfter, what).toBeLessThanOrEqual(WINDOW_SECONDS * (1 + 1 / FAILURES_PER_EMAIL));
  expect(a.body, what).toEqual({
    error: 'rate_limited',
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  });
}

const limits = {
  LOGIN_FAILURES_PER_EMAIL: String(FAILURES_PER_EMAIL),
  LOGIN_ATTEMPTS_PER_IP: String(ATTEMPTS_PER_IP),
};

describe('login brute force, per account', () => {
  const t = useTestApp({ env: { ...limits, LOGIN_ATTEMPTS_PER_IP: '10000' } });

  it('answers an unknown email exactly like a wrong password, before and after the lock', async () => {
    const { email } = await signUp(t.url);
    const unknown = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < FAILURES_PER_EMAIL; i++) {
      const known = await attempt(t, email, `wrong guess ${i}`);
      const missing = await attempt(t, unknown, `wrong guess ${i}`);
      expect(known.status).toBe(401);
      expect(missing).toEqual(known);
      expect(known.body).toEqual({ error: 'unauthorized', message: 'Invalid email or password.' });
    }
    // Locked alike: the lock does not tell which accounts exist.
    const knownLocked = await attempt(t, email, 'wrong again');
    const missingLocked = await attempt(t, unknown, 'wrong again');
    expectLimited(knownLocked, 'known email');
    expectLimited(missingLocked, 'unknown email');
    expect(missingLocked.body).toEqual(knownLocked.body);
  });

  it('lets at most the allowed number of parallel guesses through', async () => {
    const { email, password } = await signUp(t.url);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(t, email, `parallel guess ${i}`)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(FAILURES_PER_EMAIL);
    for (const a of answers.filter((x) => x.status !== 401)) expectLimited(a, 'parallel');
    // Even the right password waits now.
    expectLimited(await attempt(t, email, password), 'right password while locked');
  });
});

describe('login brute force, per address', () => {
  it('limits one address across many accounts; a spoofed X-Forwarded-For changes nothing without TRUST_PROXY', async () => {
    await withTestApp(limits, async (t) => {
      const answers: Answer[] = [];
      for (let i = 0; i <= ATTEMPTS_PER_IP; i++)
        answers.push(await attempt(t, `victim${i}@example.com`, 'guess 1', `198.51.100.${i}`));
      expect(answers.slice(0, ATTEMPTS_PER_IP).every((a) => a.status === 401)).toBe(true);
      expectLimited(answers[ATTEMPTS_PER_IP]!, 'over the address limit');
    });
  });

  it('behind a trusted proxy counts the address the proxy saw, not what the client wrote before it', async () => {
    await withTestApp({ ...limits, TRUST_PROXY: 'true' }, async (t) => {
      // The proxy appends the real client (203.0.113.7); the client made up everything before it.
      for (let i = 0; i < ATTEMPTS_PER_IP; i++) {
        const a = await attempt(t, `victim${i}@example.com`, 'guess', `10.9.8.${i}, 203.0.113.7`);
        expect(a.status, `attempt ${i}`).toBe(401);
      }
      expectLimited(await attempt(t, 'victim-x@example.com', 'guess', '10.0.0.1, 203.0.113.7'), 'spoofed');
      // Another client behind the same proxy is not punished for it.
      expect((await attempt(t, 'victim-y@example.com', 'guess', '203.0.113.8')).status).toBe(401);
    });
  });

  it('reads the client address further left when TRUST_PROXY_HOPS says two proxies append', async () => {
    await withTestApp({ ...limits, TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }, async (t) => {
      // client-written, real client (added by the CDN), CDN address (added by the load balancer)
      for (let i = 0; i < ATTEMPTS_PER_IP; i++)
        await attempt(t, `v${i}@example.com`, 'guess', `10.1.1.${i}, 203.0.113.20, 192.0.2.1`);
      expectLimited(await attempt(t, 'v@example.com', 'guess', '203.0.113.20, 192.0.2.1'), 'same client');
      expect((await attempt(t, 'w@example.com', 'guess', '203.0.113.21, 192.0.2.1')).status).toBe(401);
    });
  });
});
