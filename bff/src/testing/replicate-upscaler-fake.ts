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
  /** Set when the model itself fails on this input (out of GPU memory). */
  error: string | null;
  /** The URL of the upscaled image, served by the fake once the prediction succeeded. */
  outputUrl: string;
  /** GET polls left before a started prediction succeeds. */
  pollsLeft: number;
}

/** What the real model was seen to fail above (RRDBNet x4 in half precision, no tiles). */
export const FAKE_GPU_MAX_INPUT_PIXELS = 1440 * 1440;
const OUT_OF_MEMORY = 'CUDA out of memory. Tried to allocate 12.00 GiB';

/**
 * A stand-in for Replicate's HTTP API on 127.0.0.1 for an upscaler, which the real `replicate` SDK talks
 * to: files are uploaded and deleted; predictions are created (by version, or by model for official
 * models), read and cancelled; only
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
  /** The size of every image a prediction was given, and whether it came inline (a data URL). */
  readonly inputs: { width: number; height: number; bytes: number; inline: boolean }[] = [];
  /** Files uploaded through the Files API and not deleted yet, by id. */
  readonly files = new Map<string, Buffer>();
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
    const multipart = String(req.headers['content-type']).startsWith('multipart/form-data');
    const json: unknown = body.length && !multipart ? JSON.parse(body.toString('utf8')) : null;
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

    if (req.method === 'POST' && path === '/v1/files') return this.upload(req, res, body);
    const file = path.match(/^\/v1\/files\/(\w+)$/)?.[1];
    if (req.method === 'DELETE' && file && this.files.delete(file)) return void res.writeHead(204).end();
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
        prediction.status = prediction.pollsLeft > 0 ? 'processing' : this.finalStatus(prediction.error);
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
    const image = typeof sent === 'string' ? this.inputImage(sent) : null;
    const scale = Number(body?.input?.scale);
    if (!image || !(scale > 0 && scale <= 10))
      return this.send(res, 422, { detail: 'input.image must be a data URL and input.scale 0-10' });
    const id = randomUUID().replace(/-/g, '');
    const src = sharp(image);
    const { width = 1, height = 1 } = await src.metadata();
    this.inputs.push({ width, height, bytes: image.length, inline: String(sent).startsWith('data:') });
    // The model runs x4 with tiling off: beyond about 1440x1440 input pixels the GPU runs out of memory.
    const error = width * height > FAKE_GPU_MAX_INPUT_PIXELS ? OUT_OF_MEMORY : null;
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
      status: this.pollsToFinish > 0 ? 'starting' : this.finalStatus(error),
      error,
      outputUrl: `${this.url}${file}`,
      pollsLeft: this.pollsToFinish,
    };
    this.predictions.set(id, prediction);
    this.send(res, 201, this.view(prediction));
  }

  /** The bytes of an `image` input: a data URL, or the URL of a file uploaded here before. */
  private inputImage(sent: string): Buffer | null {
    const inline = sent.match(/^data:image\/\w+;base64,(.+)$/)?.[1];
    if (inline) return Buffer.from(inline, 'base64');
    const id = sent.startsWith(`${this.apiUrl}/files/`) ? sent.slice(`${this.apiUrl}/files/`.length) : '';
    return this.files.get(id) ?? null;
  }

  /** POST /v1/files: the SDK's multipart upload (`content` part); answers the file's URL. */
  private async upload(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const form = await new Request(`${this.url}/upload`, {
      method: 'POST',
      headers: { 'content-type': String(req.headers['content-type']) },
      body: new Uint8Array(body),
    }).formData();
    const content = form.get('content');
    if (!(content instanceof Blob)) return this.send(res, 400, { detail: 'A content part is required' });
    const id = randomUUID().replace(/-/g, '');
    this.files.set(id, Buffer.from(await content.arrayBuffer()));
    this.send(res, 201, {
      id,
      content_type: content.type,
      size: content.size,
      urls: { get: `${this.apiUrl}/files/${id}` },
    });
  }

  private finalStatus(error: string | null): 'succeeded' | 'failed' {
    return this.modelError || error ? 'failed' : 'succeeded';
  }

  private view(p: FakePrediction) {
    return {
      id: p.id,
      model: p.model ?? this.model.split(':')[0],
      version: p.version ?? 'hidden',
      status: p.status,
      input: {},
      output: p.status === 'succeeded' ? p.outputUrl : null,
      error: p.status === 'failed' ? (p.error ?? this.modelError) : null,
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
