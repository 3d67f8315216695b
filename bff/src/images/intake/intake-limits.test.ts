import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../testing/auth-helpers';
import { makePhoto, multipart } from '../../testing/images';
import { STAGE_FIELDS } from '../../testing/staging-helpers';
import { useTestApp } from '../../testing/use-test-app';
import { TOO_MANY_UPLOADS_MESSAGE } from './intake-gate';

/** A multipart upload sent by hand: headers and the first bytes now, the rest when `finish` is called. */
function slowUpload(url: string, cookie: string, body: Buffer, contentType: string) {
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
    (resolve, reject) => {
      req = request(
        `${url}/api/projects`,
        {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': contentType, 'Content-Length': body.length },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      // A server that answers before the whole body arrived closes the socket under the rest.
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    },
  );
  req.write(body.subarray(0, 200));
  return { answer, finish: () => req.end(body.subarray(200)) };
}

describe('photo intake under a burst from one account', () => {
  const t = useTestApp({ env: { INTAKE_CONCURRENCY: '1', UPLOADS_PER_USER: '3' } });

  it('holds at most 3 uploads per account in flight and answers the 4th with 429 at once', async () => {
    const { jar } = await signUp(t.url);
    const form = new Response(multipart(STAGE_FIELDS, { data: await makePhoto() }));
    const contentType = form.headers.get('content-type')!;
    const body = Buffer.from(await form.arrayBuffer());
    const held = [];
    for (let i = 0; i < 3; i++) held.push(slowUpload(t.url, jar.header(), body, contentType));
    // Let the three reach the gate before the fourth knocks.
    await new Promise((r) => setTimeout(r, 200));
    const fourth = slowUpload(t.url, jar.header(), body, contentType);
    const refused = await fourth.answer;
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('3');
    expect(JSON.parse(refused.body)).toEqual({ error: 'rate_limited', message: TOO_MANY_UPLOADS_MESSAGE });

    for (const h of held) h.finish();
    const answers = await Promise.all(held.map((h) => h.answer));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    // The slots are free again once the photos have arrived.
    const next = slowUpload(t.url, jar.header(), body, contentType);
    next.finish();
    expect((await next.answer).status).toBe(201);
  });
});
