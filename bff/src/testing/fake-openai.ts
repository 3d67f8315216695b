import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import sharp from 'sharp';
import {
  editRefusal,
  FAKE_CHAT_MODELS,
  FAKE_IMAGE_SHUTDOWNS,
  unsupportedParameter,
  FAKE_IMAGE_MODELS,
  modelNotFound,
  type EditRefusal,
} from './fake-openai-models';
import { FAKE_OPINIONS, strictSchemaRefusal, type FakeVerdict } from './fake-structure-review';

export interface RecordedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Multipart text fields (image edits). */
  fields: Record<string, string>;
  files: RecordedFile[];
  /** JSON body (chat completions). */
  json: unknown;
  /** performance.now() when the request arrived, and when its answer was sent (null until then). */
  receivedAt: number;
  answeredAt: number | null;
}

/** The time the provider spent on these requests, arrival to answer sent; unanswered ones count as 0. */
export const providerMs = (requests: readonly RecordedRequest[]): number =>
  requests.reduce((sum, r) => sum + (r.answeredAt === null ? 0 : r.answeredAt - r.receivedAt), 0);

/**
 * The images an edit request carried, in the order sent: one `image` part, or `image[]` parts when the
 * SDK sends several (the photo to edit, then any reference images).
 */
export const editImages = (r: RecordedRequest): RecordedFile[] =>
  r.files.filter((f) => f.field === 'image' || f.field === 'image[]');

/** The image a chat completion carried as a base64 data URL (what a vision model is shown), or null. */
export function chatImage(json: unknown): Buffer | null {
  type Part = { type?: string; image_url?: { url?: string } };
  const messages = (json as { messages?: { content?: unknown }[] } | null)?.messages ?? [];
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const part of m.content as Part[]) {
      const url = part.type === 'image_url' ? part.image_url?.url : undefined;
      const data = url?.match(/^data:[^;]+;base64,(.*)$/)?.[1];
      if (data) return Buffer.from(data, 'base64');
    }
  }
  return null;
}

interface Failure {
  status: number;
  code: string | null;
  message: string;
}

/**
 * A stand-in for the OpenAI HTTP API on 127.0.0.1 that the real `openai` SDK talks to: it records what
 * the SDK sends and when (arrival, answer sent), answers in OpenAI's format (images edits and chat
 * completions), and can be told to fail or to be slow. Edited images are the uploaded photo resized to
 * the requested size, as PNG with GPS EXIF added, so tests can check orientation and metadata stripping
 * of results.
 */
export class FakeOpenAI {
  readonly requests: RecordedRequest[] = [];
  analysis: unknown = { roomType: 'kitchen', style: 'scandinavian', confidence: 'high' };
  /** When set, answers each analysis from the photo sent (its decoded bytes) instead of `analysis`. */
  analyseImage: ((photo: Buffer) => Promise<unknown>) | null = null;
  /** Newer image model names answered as the known model they map to. */
  readonly imageModels: Record<string, string> = {};
  /** Models taken out of the model list and refused, as when OpenAI shuts one down. */
  readonly withdrawn = new Set<string>();
  /** The fake's calendar day (YYYY-MM-DD): a model whose shutdown day has come is gone from it. */
  today = new Date().toISOString().slice(0, 10);
  /** The edits refused as the real API would refuse them (unknown or unsupported parameters). */
  readonly refusals: EditRefusal[] = [];
  /**
   * When set, each edit answers with this image (from the photo sent and the edit's number, from 0)
   * instead of the photo itself: a staging that changed the room, for example.
   */
  editImage: ((photo: Buffer, index: number) => Promise<Buffer>) | null = null;
  /** When set, each edited PNG is answered as this returns it (signed with a C2PA manifest, as OpenAI's are). */
  signOutput: ((png: Buffer) => Promise<Buffer>) | null = null;
  /** What its vision model says when asked to compare a result with its photo (a structure review; every result is asked, most rooms are kept). */
  verdict: FakeVerdict = 'kept';
  /** Milliseconds to wait before answering each request. */
  delayMs = 0;
  /**
   * When set, each request (after `delayMs`) waits for what this returns for it: a latency per kind of
   * request (a draft's quality 'low' against the final's), or a final held until a test lets it go.
   */
  hold: ((request: RecordedRequest) => Promise<void> | undefined) | null = null;
  private failures: Failure[] = [];
  private waiters: { path: string; count: number; resolve: () => void }[] = [];
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) this.send(res, 500, { error: { message: String(err), type: 'server_error' } });
    });
  });

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** Settings that point the app's OpenAI engine at this fake. */
  get env(): Record<string, string> {
    return { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: this.url };
  }

  static async start(): Promise<FakeOpenAI> {
    const fake = new FakeOpenAI();
    await fake.listen();
    return fake;
  }

  /** Listens on an ephemeral 127.0.0.1 port. */
  listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests fail with this status (429 and 5xx are what the SDK calls transient). */
  failNext(status: number, times = 1, code: string | null = null, message = `Fake failure ${status}`): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, code, message });
  }

  reset(): void {
    this.requests.length = 0;
    this.refusals.length = 0;
    for (const name of Object.keys(this.imageModels)) delete this.imageModels[name];
    this.withdrawn.clear();
    this.today = new Date().toISOString().slice(0, 10);
    this.failures = [];
    this.delayMs = 0;
    this.hold = null;
    this.editImage = null;
    this.signOutput = null;
    this.verdict = 'kept';
  }

  edits(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/images/edits'));
  }

  /** The structure reviews asked of the vision model (chat completions answering our review schema). */
  reviews(): RecordedRequest[] {
    return this.requests.filter((r) => schemaOf(r.json)?.name === 'structure_review');
  }

  /** Resolves once `count` requests to a path ending in `path` have arrived. */
  waitFor(path: string, count = 1): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ path, count, resolve });
      this.notify();
    });
  }

  private notify(): void {
    this.waiters = this.waiters.filter((w) => {
      const seen = this.requests.filter((r) => r.path.endsWith(w.path)).length;
      if (seen >= w.count) w.resolve();
      return seen < w.count;
    });
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const recorded: RecordedRequest = {
      receivedAt: performance.now(),
      answeredAt: null,
      method: req.method ?? 'GET',
      path,
      authorization: req.headers.authorization,
      fields: {},
      files: [],
      json: null,
    };
    res.once('finish', () => (recorded.answeredAt = performance.now()));
    if ((req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      await this.readMultipart(req, recorded);
    } else {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      recorded.json = text ? (JSON.parse(text) as unknown) : null;
    }
    this.requests.push(recorded);
    this.notify();
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    await this.hold?.(recorded);
    if (res.destroyed) return;

    const failure = this.failures.shift();
    if (failure) {
      const type = failure.status >= 500 ? 'server_error' : 'invalid_request_error';
      this.send(res, failure.status, {
        error: { message: failure.message, type, code: failure.code, param: null },
      });
      return;
    }
    if (path.endsWith('/images/edits')) return this.answerEdit(recorded, res);
    if (path.endsWith('/chat/completions')) return this.answerChat(recorded, res);
    if (recorded.method === 'GET' && path.endsWith('/models')) return this.answerModels(res);
    const one = /\/models\/([^/]+)$/.exec(path);
    if (recorded.method === 'GET' && one) return this.answerModel(decodeURIComponent(one[1] ?? ''), res);
    this.send(res, 404, { error: { message: `No fake for ${path}`, type: 'invalid_request_error' } });
  }

  private readMultipart(req: IncomingMessage, recorded: RecordedRequest): Promise<void> {
    return new Promise((resolve, reject) => {
      const bb = busboy({ headers: req.headers });
      bb.on('field', (name, value) => {
        recorded.fields[name] = value;
      });
      bb.on('file', (field, stream, info) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () =>
          recorded.files.push({
            field,
            filename: info.filename ?? '',
            mimeType: info.mimeType,
            data: Buffer.concat(chunks),
          }),
        );
      });
      bb.on('close', () => resolve());
      bb.on('error', reject);
      req.pipe(bb);
    });
  }

  private async answerEdit(recorded: RecordedRequest, res: ServerResponse): Promise<void> {
    // As OpenAI does, the first image is the one edited; later ones only guide it.
    const photo = editImages(recorded)[0];
    if (!photo) {
      this.send(res, 400, { error: { message: 'image is required', type: 'invalid_request_error' } });
      return;
    }
    const model = recorded.fields.model ?? '';
    if (this.isGone(model)) return this.send(res, 404, { error: modelNotFound(model) });
    // Each model takes only its own parameters: anything else is a 400, as from the real API.
    const refusal = editRefusal(recorded.fields, editImages(recorded).length, this.imageModels);
    if (refusal) {
      this.refusals.push(refusal);
      this.send(res, 400, { error: { ...refusal, type: 'invalid_request_error' } });
      return;
    }
    const mask = recorded.files.find((f) => f.field === 'mask');
    const maskProblem = mask ? await maskRefusal(mask.data, photo.data) : null;
    if (maskProblem) {
      this.refusals.push({ message: maskProblem, param: 'mask', code: 'invalid_image_format' });
      this.send(res, 400, { error: { message: maskProblem, param: 'mask', type: 'invalid_request_error' } });
      return;
    }
    const size = recorded.fields.size;
    const [w = 1024, h = 1024] = (size && size !== 'auto' ? size : '1024x1024').split('x').map(Number);
    const n = Number(recorded.fields.n ?? '1');
    const source = this.editImage ? await this.editImage(photo.data, this.edits().length - 1) : photo.data;
    const png = await sharp(source)
      .resize(w, h, { fit: 'fill' })
      .withExif({ IFD0: { Make: 'FakeAI' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 2/1 3/1' } })
      .png()
      .toBuffer();
    const b64 = (this.signOutput ? await this.signOutput(png) : png).toString('base64');
    this.send(res, 200, {
      created: Math.floor(Date.now() / 1000),
      data: Array.from({ length: n }, () => ({ b64_json: b64 })),
      usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20 },
    });
  }

  /** The shutdown day OpenAI gives a model, or null. */
  private shutdownOf(id: string): string | null {
    return FAKE_CHAT_MODELS[id]?.shutdown ?? FAKE_IMAGE_SHUTDOWNS[id] ?? null;
  }

  /** Withdrawn by the test, or past its shutdown day: refused as OpenAI refuses a model it no longer serves. */
  private isGone(id: string): boolean {
    const shutdown = this.shutdownOf(id);
    return this.withdrawn.has(id) || (shutdown !== null && shutdown <= this.today);
  }

  /** The models this fake serves: the known ones, newer names mapped to them, less the gone. */
  served(): string[] {
    const all = [
      ...Object.keys(FAKE_IMAGE_MODELS),
      ...Object.keys(this.imageModels),
      ...Object.keys(FAKE_CHAT_MODELS),
    ];
    return all.filter((m) => !this.isGone(m));
  }

  private modelObject(id: string) {
    return {
      id,
      object: 'model',
      created: 1_700_000_000,
      owned_by: 'system',
      shutdown_date: this.shutdownOf(id),
    };
  }

  /** GET /v1/models: every model served, with its shutdown day where one is announced. */
  private answerModels(res: ServerResponse): void {
    this.send(res, 200, { object: 'list', data: this.served().map((id) => this.modelObject(id)) });
  }

  private answerModel(id: string, res: ServerResponse): void {
    if (!this.served().includes(id)) return this.send(res, 404, { error: modelNotFound(id) });
    this.send(res, 200, this.modelObject(id));
  }

  private async answerChat(recorded: RecordedRequest, res: ServerResponse): Promise<void> {
    const body = recorded.json as { model?: string } | null;
    const model = body?.model ?? '';
    const chatModel = Object.hasOwn(FAKE_CHAT_MODELS, model) ? FAKE_CHAT_MODELS[model] : undefined;
    if (!chatModel || this.isGone(model)) return this.send(res, 404, { error: modelNotFound(model) });
    if (!chatModel.reasoning && body && 'reasoning_effort' in body)
      return this.send(res, 400, { error: unsupportedParameter('reasoning_effort') });
    const format = schemaOf(recorded.json);
    const refused = format?.strict ? strictSchemaRefusal(format.schema ?? {}) : null;
    if (refused)
      return this.send(res, 400, {
        error: {
          message: `Invalid schema for response_format '${format?.name ?? ''}': ${refused}`,
          type: 'invalid_request_error',
          param: 'response_format',
          code: null,
        },
      });
    const photo = chatImage(recorded.json);
    const analysis =
      format?.name === 'structure_review'
        ? FAKE_OPINIONS[this.verdict]
        : this.analyseImage && photo
          ? await this.analyseImage(photo)
          : this.analysis;
    this.send(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body?.model ?? 'unknown',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: JSON.stringify(analysis), refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
  }
}

/** The json_schema a chat completion asked its answer to follow, if any. */
function schemaOf(json: unknown): { name?: string; strict?: boolean; schema?: object } | undefined {
  const format = (json as { response_format?: { type?: string; json_schema?: object } } | null)
    ?.response_format;
  return format?.type === 'json_schema' ? format.json_schema : undefined;
}

/** As the real API: a mask is a PNG with an alpha channel, exactly the size of the image it edits. */
async function maskRefusal(mask: Buffer, image: Buffer): Promise<string | null> {
  const [m, i] = await Promise.all([sharp(mask).metadata(), sharp(image).metadata()]).catch(() => [
    null,
    null,
  ]);
  if (!m || !i || m.format !== 'png') return 'Invalid mask image: it must be a PNG file.';
  if (!m.hasAlpha) return "Invalid mask image format - format must be in ['RGBA', 'LA'], got RGB.";
  if (m.width !== i.width || m.height !== i.height)
    return 'Invalid mask image format - mask size does not match image size';
  return null;
}
