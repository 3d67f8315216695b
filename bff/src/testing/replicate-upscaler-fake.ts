import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface UpscaleRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  prefer: string | undefined;
  json: unknown;
}

interface FakePrediction {
  id: string;
  version: string | null;
  model: string | null;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  /** The URL of the upscaled image, served by the fake once the prediction succeeded. */
  outputUrl: string;
  /** GET polls left before a started prediction succeeds. */
  pollsLeft: number;
}

/**
 * A stand-in for Replicate's HTTP API on 127.0.0.1 for an upscaler, which the real `replicate` SDK talks
 * to: predictions are created (by version, or by model for official models), read and cancelled; only
 * the configured token and model are accepted; the output is the sent image really enlarged by `scale`
 * (sharp), served as a PNG URL by the fake itself. It records every request, and can be told to fail,
 * to answer late, or to finish only after some polls.
 */
export class FakeReplicateUpscaler {
  readonly requests: UpscaleRequest[] = [];
  readonly predictions = new Map<string, FakePrediction>();
  /** Milliseconds to wait before answering each API request. */
  delayMs = 0;
  /** Polls a new prediction needs before it succeeds (0: it is done in the creating answer). */
  pollsToFinish = 0;
  /** Set to make the model itself fail (the prediction ends `failed` with this error). */
  modelError: string | null = null;
  private failures: number[] = [];
  private readonly outputs = new Map<string, Buffer>();
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) this.send(res, 500, { detail: String(err) });
    });
  });

  constructor(
    readonly token: string,
    /** `owner/name:version` or `owner/name`, as the BFF is configured. */
    readonly model: string,
  ) {}

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** The base URL to give the SDK (Replicate's API lives under /v1). */
  get apiUrl(): string {
    return `${this.url}/v1`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` prediction requests answer `status` (429, 500...). */
  failNext(status: number, count = 1): void {
    for (let i = 0; i < count; i += 1) this.failures.push(status);
  }

  /** Predictions created (accepted or not). */
  get creates(): UpscaleRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const output = this.outputs.get(path);
    if (req.method === 'GET' && output) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': output.length });
      return void res.end(output);
    }
    const body = await readBody(req);
    const json: unknown = body.length ? JSON.parse(body.toString('utf8')) : null;
    this.requests.push({
      method: req.method ?? '',
      path,
      authorization: req.headers.authorization,
      prefer: [req.headers.prefer ?? []].flat().join(', ') || undefined,
      json,
    });
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return this.send(res, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid token' });
    const failure = this.failures.shift();
    if (failure) return this.send(res, failure, { title: 'Failure', detail: `Fake failure ${failure}` });

    const [owner = '', name = '', version] = this.model.split(/[/:]/);
    if (
      req.method === 'POST' &&
      (path === '/v1/predictions' || path === `/v1/models/${owner}/${name}/predictions`)
    )
      return this.create(res, path, json as { version?: string; input?: Record<string, unknown> }, version);
    const get = path.match(/^\/v1\/predictions\/([\w-]+)$/);
    const prediction = this.predictions.get(get?.[1] ?? '');
    if (req.method === 'GET' && prediction) {
      if (prediction.status === 'starting' || prediction.status === 'processing') {
        prediction.pollsLeft -= 1;
        prediction.status = prediction.pollsLeft > 0 ? 'processing' : this.finalStatus();
      }
      return this.send(res, 200, this.view(prediction));
    }
    const cancel = path.match(/^\/v1\/predictions\/([\w-]+)\/cancel$/);
    const cancelled = this.predictions.get(cancel?.[1] ?? '');
    if (req.method === 'POST' && cancelled) {
      cancelled.status = 'canceled';
      return this.send(res, 200, this.view(cancelled));
    }
    this.send(res, 404, { detail: 'Not found' });
  }

  private async create(
    res: ServerResponse,
    path: string,
    body: { version?: string; input?: Record<string, unknown> } | null,
    version: string | undefined,
  ): Promise<void> {
    // A pinned version goes to /predictions with that version; an official model to its own path.
    const right = version
      ? path === '/v1/predictions' && body?.version === version
      : path !== '/v1/predictions';
    if (!right) return this.send(res, 422, { detail: `Invalid version or model: ${JSON.stringify(body)}` });
    const sent = body?.input?.image;
    const image = (typeof sent === 'string' ? sent : '').match(/^data:image\/\w+;base64,(.+)$/)?.[1];
    const scale = Number(body?.input?.scale);
    if (!image || !(scale > 0 && scale <= 10))
      return this.send(res, 422, { detail: 'input.image must be a data URL and input.scale 0-10' });
    const id = randomUUID().replace(/-/g, '');
    const src = sharp(Buffer.from(image, 'base64'));
    const { width = 1, height = 1 } = await src.metadata();
    const png = await src
      .resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const file = `/files/${id}.png`;
    this.outputs.set(file, png);
    const prediction: FakePrediction = {
      id,
      version: version ?? null,
      model: version ? null : this.model,
      status: this.pollsToFinish > 0 ? 'starting' : this.finalStatus(),
      outputUrl: `${this.url}${file}`,
      pollsLeft: this.pollsToFinish,
    };
    this.predictions.set(id, prediction);
    this.send(res, 201, this.view(prediction));
  }

  private finalStatus(): 'succeeded' | 'failed' {
    return this.modelError ? 'failed' : 'succeeded';
  }

  private view(p: FakePrediction) {
    return {
      id: p.id,
      model: p.model ?? this.model.split(':')[0],
      version: p.version ?? 'hidden',
      status: p.status,
      input: {},
      output: p.status === 'succeeded' ? p.outputUrl : null,
      error: p.status === 'failed' ? this.modelError : null,
      urls: {
        get: `${this.apiUrl}/predictions/${p.id}`,
        cancel: `${this.apiUrl}/predictions/${p.id}/cancel`,
      },
    };
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
