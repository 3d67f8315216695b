import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PushDevice, verifyVapid, type VapidClaims } from './push-decrypt';

/** One push as the loopback push service received it, decrypted with its device's keys. */
export interface ReceivedPush {
  deviceId: string;
  headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  claims: VapidClaims;
}

/**
 * A loopback push service on 127.0.0.1: each device gets an endpoint `/push/<id>`; a push to it is
 * checked (VAPID signed with `serverKey`, aud = this origin) and decrypted with the device's own keys,
 * then answered with the device's status (201, or 410 once it is `unsubscribed`). A push that fails a
 * check is answered 400 and kept in `rejected`.
 */
export class LoopbackPushService {
  readonly received: ReceivedPush[] = [];
  readonly rejected: string[] = [];
  private readonly devices = new Map<string, { device: PushDevice; status: number }>();
  private readonly waiters = new Set<() => void>();
  private server: Server | null = null;
  private origin = '';
  private count = 0;
  /** Valid pushes answered with an error status (410 after unsubscribing, or a failing service). */
  gone = 0;

  constructor(private readonly serverKey: () => string) {}

  /** This service's origin, for PUSH_SERVICE_ORIGINS (known once listening). */
  get url(): string {
    return this.origin;
  }

  async listen(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const deviceId = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
        const known = this.devices.get(deviceId);
        try {
          if (!known) throw new Error(`unknown endpoint ${req.url}`);
          if (req.method !== 'POST') throw new Error(`method ${req.method}`);
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const claims = verifyVapid(req.headers.authorization, this.serverKey());
          if (claims.aud !== this.origin) throw new Error(`aud ${claims.aud} is not ${this.origin}`);
          if (claims.exp * 1000 < Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000)
            throw new Error(`exp ${claims.exp} out of range`);
          if (known.status >= 400) {
            this.gone += 1;
            res.writeHead(known.status).end();
            return;
          }
          const payload = JSON.parse(known.device.decrypt(Buffer.concat(chunks))) as unknown;
          this.received.push({ deviceId, headers: req.headers, payload, claims });
          res.writeHead(known.status).end();
        } catch (err) {
          this.rejected.push(err instanceof Error ? err.message : String(err));
          res.writeHead(400).end();
        }
        for (const wake of [...this.waiters]) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new device (browser) with its endpoint here and its own keys. */
  device(): { id: string; device: PushDevice; subscription: ReturnType<PushDevice['subscription']> } {
    this.count += 1;
    const id = `device-${this.count}`;
    const device = new PushDevice();
    this.devices.set(id, { device, status: 201 });
    return { id, device, subscription: device.subscription(`${this.origin}/push/${id}`) };
  }

  /** From now on the endpoint answers 410 Gone, as a push service does after the browser unsubscribed. */
  unsubscribe(id: string): void {
    this.answer(id, 410);
  }

  /** From now on a valid push to the endpoint is answered `status` (a 5xx: the push service is failing). */
  answer(id: string, status: number): void {
    const known = this.devices.get(id);
    if (known) known.status = status;
  }

  /** Pushes received for `deviceId` so far. */
  for(deviceId: string): ReceivedPush[] {
    return this.received.filter((p) => p.deviceId === deviceId);
  }

  /** Resolves once `check` holds (checked after each request), or rejects after `timeoutMs`. */
  async until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`push service: condition not met in time (rejected: ${this.rejected.join('; ')})`));
      }, timeoutMs);
      const wake = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
    });
  }

  /** Requests seen in all (delivered, answered 410, or rejected). */
  get requests(): number {
    return this.received.length + this.rejected.length + this.gone;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
