import { createServer, request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepConnectionsAlive } from './keep-alive';

describe('keep-alive connections', () => {
  const server = createServer((_req, res) => res.end('ok'));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let port = 0;
  beforeAll(async () => {
    keepConnectionsAlive(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  /** One GET on the shared agent; resolves with the socket it went over. */
  const get = () =>
    new Promise<object>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket as object));
      });
      req.on('error', reject);
      req.end();
    });

  it("reuses a connection idle past Node's 5 s default (a client sending then is not reset)", async () => {
    const first = await get();
    // Node's default closes an idle socket after about 5-6 s.
    await new Promise((r) => setTimeout(r, 7000));
    expect(await get()).toBe(first);
  }, 15_000);
});
