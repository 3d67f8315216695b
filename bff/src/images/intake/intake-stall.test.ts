import { request, type ClientRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../../testing/auth-helpers';
import { makePhoto, multipart } from '../../testing/images';
import { STAGE_FIELDS } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';

const BOUNDARY = 'trickle-boundary';

/** An upload that sends its headers and then 2 KB a second, as an attacker's would (signed in with `cookie`). */
function trickle(url: string, path: string, cookie?: string): ClientRequest {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const req = request(`${url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': 5 * 1024 * 1024,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  req.on('error', () => undefined);
  req.on('response', (res) => res.resume());
  req.write(head);
  const timer = setInterval(() => req.write(Buffer.alloc(2048, 0xff)), 1000);
  req.on('close', () => clearInterval(timer));
  return req;
}

describe('slow anonymous uploads stall nobody else', () => {
  // Two slots, as on a two-core server: the two trickles could hold both.
  const t = useTestApp({ env: { INTAKE_CONCURRENCY: '2' } });
  const open: ClientRequest[] = [];
  afterEach(() => open.splice(0).forEach((r) => r.destroy()));

  it('a signed-in upload is taken in under 2 s while two visitors trickle into demo and analysis', async () => {
    const { jar } = await signUp(t.url);
    const photo = await makePhoto();
    open.push(trickle(t.url, '/api/demo/stage'), trickle(t.url, '/api/analyze'));
    // Let both reach the intake and start trickling.
    await new Promise((r) => setTimeout(r, 1500));
    const started = performance.now();
    const res = await jar.fetch(`${t.url}/api/projects`, {
      method: 'POST',
      body: multipart(STAGE_FIELDS, { data: photo }),
    });
    const ms = performance.now() - started;
    expect(res.status).toBe(201);
    expect(ms).toBeLessThan(2000);
    console.info(`signed-in upload taken in ${Math.round(ms)} ms beside two trickling visitors`);
  });

  it("another user's upload starts within 2 s while three accounts each trickle their three uploads", async () => {
    // 2 cores' worth of slots: 8 reading slots, fewer than the 9 trickles.
    const trickling = await Promise.all([signUp(t.url), signUp(t.url), signUp(t.url)]);
    const { jar } = await signUp(t.url);
    const photo = await makePhoto();
    for (const account of trickling)
      for (let i = 0; i < 3; i++) open.push(trickle(t.url, '/api/projects', account.cookie));
    // Let every trickle reach the intake and take whatever slot it can.
    await new Promise((r) => setTimeout(r, 1500));
    const started = performance.now();
    const res = await jar.fetch(`${t.url}/api/projects`, {
      method: 'POST',
      body: multipart(STAGE_FIELDS, { data: photo }),
    });
    const ms = performance.now() - started;
    expect(res.status).toBe(201);
    expect(ms).toBeLessThan(2000);
    console.info(`another user's upload taken in ${Math.round(ms)} ms beside three trickling accounts`);
  });
});
