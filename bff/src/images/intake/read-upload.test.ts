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
    // The product's pace, scaled down: 300 ms of grace, then 10 KB/s on average.
    app.use(async (ctx) => {
      const upload = await readUpload(ctx, {
        maxFileBytes: 1024 * 1024,
        pace: { graceMs: 300, minBytesPerSecond: 10 * 1024 },
      });
      ctx.body = { bytes: upload.file?.length ?? 0 };
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  it('answers 408 with a sentence once the body falls below the minimum pace, and closes the connection', async () => {
    const started = Date.now();
    const answer = await new Promise<{ status: number; body: string; connection: string }>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': 500_000 },
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
      const timer = setInterval(() => req.write(Buffer.alloc(100, 0xff)), 50);
      req.on('close', () => clearInterval(timer));
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ error: 'upload_too_slow', message: UPLOAD_TOO_SLOW_MESSAGE });
    expect(answer.connection).toBe('close');
    expect(Date.now() - started).toBeLessThan(3000);
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
