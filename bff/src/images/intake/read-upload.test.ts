import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMiddleware } from '../../http/error-middleware';
import { createLogger } from '../../config';
import { readUpload, UPLOAD_TOO_SLOW_MESSAGE } from './read-upload';

const BOUNDARY = 'pace-boundary';

describe('readUpload on a body that trickles in', () => {
  let url = '';
  let close = () => undefined as void;
  beforeAll(async () => {
    const app = new Koa();
    app.use(errorMiddleware(createLogger({ LOG_LEVEL: 'silent' })));
    // The product's pace, scaled down: 300 ms of grace, then 10 KB/s on average, 1.5 s at most.
    app.use(async (ctx) => {
      const upload = await readUpload(ctx, {
        maxFileBytes: 1024 * 1024,
        pace: { graceMs: 300, minBytesPerSecond: 10 * 1024, maxMs: 1500 },
      });
      ctx.body = { bytes: upload.file?.length ?? 0 };
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  /** A body that sends `chunk` bytes every 50 ms and never ends; its answer. */
  const trickle = (chunk: number) =>
    new Promise<{ status: number; body: string; connection: string }>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': 900_000 },
      });
      req.on('error', () => undefined);
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: String(res.headers.connection) }),
        );
      });
      req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n`);
      const timer = setInterval(() => req.write(Buffer.alloc(chunk, 0xff)), 50);
      req.on('close', () => clearInterval(timer));
    });

  it('answers 408 with a sentence once the body falls below the minimum pace, and closes the connection', async () => {
    const started = Date.now();
    const answer = await trickle(100);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: 'upload_too_slow', message: UPLOAD_TOO_SLOW_MESSAGE });
    expect(answer.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops a body that keeps the pace but goes on past the longest read', async () => {
    const started = Date.now();
    // 20 KB/s: twice the minimum pace, so only the cap on the read time stops it.
    const answer = await trickle(1024);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'upload_too_slow' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('takes a body that keeps the pace', async () => {
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n`),
      Buffer.alloc(20_000, 0xff),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
    });
    expect(await res.json()).toEqual({ bytes: 20_000 });
  });
});
