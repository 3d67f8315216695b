import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import sharp from 'sharp';

export interface ReplicateRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  prefer: string | undefined;
  json: Record<string, unknown> | null;
}

interface FakePrediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  /** The prompt the model itself runs with, after its own code added to ours. */
  modelPrompt: string | null;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output: string | null;
  error: string | null;
  done: Promise<void>;
}

/** Inputs each model takes, from its published schema; others are refused as the API refuses them (422). */
const MODELS: Record<string, { version: string | null; inputs: string[]; image: string }> = {
  'adirik/interior-design': {
    version: '76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38',
    inputs: [
      'image',
      'prompt',
      'negative_prompt',
      'prompt_strength',
      'guidance_scale',
      'num_inference_steps',
      'seed',
    ],
    image: 'image',
  },
  'black-forest-labs/flux-kontext-pro': {
    version: null,
    inputs: ['input_image', 'prompt', 'aspect_ratio', 'output_format', 'seed', 'safety_tolerance'],
    image: 'input_image',
  },
};

export const FAKE_REPLICATE_TOKEN = 'r8-test';
/** GPU seconds each fake prediction reports in its metrics, as the real API does once it has run. */
export const FAKE_PREDICT_SECONDS = 8.5;

/** What adirik/interior-design's predict() does to a prompt before the pipeline sees it. */
export function interiorDesignPrompt(prompt: string): string {
  if (prompt.includes('bedroom') && !prompt.includes('bed '))
    return `${prompt}, with a queen size bed against the wall`;
  if ((prompt.includes('children room') || prompt.includes("children's room")) && !prompt.includes('bed '))
    return `${prompt}, with a twin bed against the wall`;
  return prompt;
}

/**
 * A stand-in for the Replicate HTTP API on 127.0.0.1 that the real `replicate` SDK talks to through its
 * `baseUrl`: file uploads, predictions by version or by official model (checked against the model's
 * inputs), `Prefer: wait`, polling, cancelling, and output files it serves itself (the uploaded photo,
 * as a PNG). It can fail requests, fail predictions, make them slow, and ignore `Prefer: wait`.
 */
export class ReplicateEngineFake {
  readonly requests: ReplicateRequest[] = [];
  /** Files stored now, by id (deleted ones are gone). */
  readonly files = new Map<string, Buffer>();
  /** Every file uploaded, deleted or not. */
  readonly uploads: Buffer[] = [];
  readonly predictions: FakePrediction[] = [];
  readonly cancelled: string[] = [];
  /** How long a prediction runs. */
  runMs = 0;
  /** Answer creates at once with 'starting', as when the hold times out, so the SDK must poll. */
  ignoreWait = false;
  /** What the model makes of the uploaded photo (absent: the photo itself). */
  outputImage: ((photo: Buffer) => Promise<Buffer>) | null = null;
  private failures: { status: number; detail: string }[] = [];
  /** Predictions still running: stopped on close, so none finishes into a later test file's run. */
  private readonly running = new Set<NodeJS.Timeout>();
  private predictionErrors: string[] = [];
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) this.send(res, 500, { detail: String(err) });
    });
  });

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  get env(): Record<string, string> {
    return {
      AI_PROVIDER: 'replicate',
      REPLICATE_API_TOKEN: FAKE_REPLICATE_TOKEN,
      REPLICATE_BASE_URL: this.url,
    };
  }

  listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    for (const timer of this.running) clearTimeout(timer);
    this.running.clear();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` prediction creates fail with this status and detail. */
  failNext(status: number, times = 1, detail = `Fake failure ${status}`): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, detail });
  }

  /** The next prediction runs and ends as failed, with this error. */
  failPrediction(error: string): void {
    this.predictionErrors.push(error);
  }

  creates(): ReplicateRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
  }

  reset(): void {
    this.requests.length = 0;
    this.predictions.length = 0;
    this.cancelled.length = 0;
    this.files.clear();
    this.uploads.length = 0;
    this.failures = [];
    this.predictionErrors = [];
    this.runMs = 0;
    this.ignoreWait = false;
    this.outputImage = null;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private view(p: FakePrediction) {
    const get = `${this.url}/predictions/${p.id}`;
    const { id, model, version, input, status, output, error } = p;
    const metrics =
      status === 'succeeded' || status === 'failed' ? { predict_time: FAKE_PREDICT_SECONDS } : {};
    return {
      id,
      model,
      version,
      input,
      status,
      output,
      error,
      metrics,
      urls: { get, cancel: `${get}/cancel` },
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const method = req.method ?? 'GET';
    const recorded: ReplicateRequest = {
      method,
      path,
      authorization: req.headers.authorization,
      prefer: typeof req.headers.prefer === 'string' ? req.headers.prefer : undefined,
      json: null,
    };
    const delivery = /^\/v1\/delivery\/([\w-]+)\.png$/.exec(path);
    if (method === 'GET' && delivery) return this.deliver(delivery[1] ?? '', res);
    let upload: Buffer | null = null;
    if ((req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      upload = await this.readUpload(req);
    } else {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      recorded.json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    }
    this.requests.push(recorded);
    if (recorded.authorization !== `Bearer ${FAKE_REPLICATE_TOKEN}`)
      return this.send(res, 401, {
        title: 'Unauthenticated',
        detail: 'You did not pass a valid authentication token',
        status: 401,
      });

    if (method === 'POST' && path === '/v1/files') {
      if (!upload) return this.send(res, 400, { detail: 'No content' });
      const id = randomUUID();
      this.files.set(id, upload);
      this.uploads.push(upload);
      return this.send(res, 201, {
        id,
        content_type: 'image/jpeg',
        size: upload.length,
        urls: { get: `${this.url}/files/${id}` },
      });
    }
    const fileRoute = /^\/v1\/files\/([\w-]+)$/.exec(path);
    if (method === 'DELETE' && fileRoute) {
      const found = this.files.delete(fileRoute[1] ?? '');
      res.writeHead(found ? 204 : 404);
      res.end();
      return;
    }
    const byModel = /^\/v1\/models\/([\w.-]+\/[\w.-]+)\/predictions$/.exec(path);
    if (method === 'POST' && (path === '/v1/predictions' || byModel))
      return this.create(recorded, byModel?.[1] ?? null, res);
    const one = /^\/v1\/predictions\/([\w-]+)(\/cancel)?$/.exec(path);
    const prediction = this.predictions.find((p) => p.id === one?.[1]);
    if (!prediction) return this.send(res, 404, { detail: 'Not found' });
    if (one?.[2] && method === 'POST') {
      this.cancelled.push(prediction.id);
      if (!['succeeded', 'failed'].includes(prediction.status)) prediction.status = 'canceled';
    }
    return this.send(res, 200, this.view(prediction));
  }

  private async create(recorded: ReplicateRequest, official: string | null, res: ServerResponse) {
    const failure = this.failures.shift();
    if (failure) return this.send(res, failure.status, { detail: failure.detail, status: failure.status });
    const body = recorded.json ?? {};
    const name = official ?? Object.keys(MODELS).find((m) => MODELS[m]?.version === body.version);
    const model = name ? MODELS[name] : undefined;
    if (!name || !model || (official && model.version))
      return this.send(res, 404, {
        title: 'Not found',
        detail: 'The requested model or version was not found',
        status: 404,
      });
    const input = (body.input ?? {}) as Record<string, unknown>;
    const extra = Object.keys(input).filter((k) => !model.inputs.includes(k));
    const image = input[model.image];
    const fileId = typeof image === 'string' ? image.split('/files/')[1] : undefined;
    if (extra.length > 0 || !fileId || !this.files.has(fileId) || typeof input.prompt !== 'string')
      return this.send(res, 422, {
        title: 'Input validation failed',
        detail:
          extra.length > 0
            ? `- input: Additional property ${extra[0]} is not allowed`
            : '- input: image is required',
        status: 422,
      });
    const error = this.predictionErrors.shift() ?? null;
    const prediction: FakePrediction = {
      id: randomUUID().replace(/-/g, '').slice(0, 26),
      model: name,
      version: model.version ?? 'hidden',
      input,
      modelPrompt: name === 'adirik/interior-design' ? interiorDesignPrompt(input.prompt) : input.prompt,
      status: 'starting',
      output: null,
      error: null,
      done: Promise.resolve(),
    };
    prediction.done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.running.delete(timer);
        if (prediction.status !== 'canceled') {
          prediction.status = error ? 'failed' : 'succeeded';
          prediction.error = error;
          prediction.output = error ? null : `${this.url}/delivery/${prediction.id}.png`;
        }
        resolve();
      }, this.runMs);
      this.running.add(timer);
    });
    this.predictions.push(prediction);
    const wait = /^wait(=(\d+))?$/.exec(recorded.prefer ?? '');
    if (wait && !this.ignoreWait) {
      const seconds = Number(wait[2] ?? '60');
      await Promise.race([prediction.done, new Promise((r) => setTimeout(r, seconds * 1000))]);
    }
    return this.send(res, 201, this.view(prediction));
  }

  private async deliver(id: string, res: ServerResponse): Promise<void> {
    const prediction = this.predictions.find((p) => p.id === id);
    const image = prediction?.input.image ?? prediction?.input.input_image;
    const fileId = typeof image === 'string' ? image.split('/files/')[1] : undefined;
    const photo = fileId ? this.files.get(fileId) : undefined;
    if (!photo) return this.send(res, 404, { detail: 'Not found' });
    const made = this.outputImage ? await this.outputImage(photo) : photo;
    const png = await sharp(made).png().toBuffer();
    res.writeHead(200, { 'Content-Type': 'image/png' });
    res.end(png);
  }

  private readUpload(req: IncomingMessage): Promise<Buffer | null> {
    return new Promise((resolve, reject) => {
      let content: Buffer | null = null;
      const bb = busboy({ headers: req.headers });
      bb.on('file', (field, stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (field === 'content') content = Buffer.concat(chunks);
        });
      });
      bb.on('close', () => resolve(content));
      bb.on('error', reject);
      req.pipe(bb);
    });
  }
}
