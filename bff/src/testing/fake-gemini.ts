import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { FAKE_OPINIONS, type FakeVerdict } from './fake-structure-review';

export interface GeminiRequest {
  path: string;
  model: string;
  apiKey: string | undefined;
  body: GeminiBody;
}

interface InlinePart {
  inlineData?: { mimeType?: string; data?: string };
  text?: string;
}
export interface GeminiBody {
  contents?: { role?: string; parts?: InlinePart[] }[];
  systemInstruction?: { parts?: InlinePart[] };
  generationConfig?: {
    responseModalities?: string[];
    responseMimeType?: string;
    responseJsonSchema?: unknown;
    imageConfig?: { aspectRatio?: string; imageSize?: string };
  };
}

/** The images a request carried, in order (photo first, then any reference). */
export const geminiImages = (body: GeminiBody): Buffer[] =>
  (body.contents ?? [])
    .flatMap((c) => c.parts ?? [])
    .flatMap((p) => (p.inlineData?.data ? [Buffer.from(p.inlineData.data, 'base64')] : []));

/** A structure review: two pictures to compare and a JSON answer (an analysis sends one, an edit asks an image). */
const isReview = (body: GeminiBody): boolean =>
  geminiImages(body).length === 2 && body.generationConfig?.responseMimeType === 'application/json';

export const geminiText = (body: GeminiBody): string =>
  (body.contents ?? [])
    .flatMap((c) => c.parts ?? [])
    .map((p) => p.text ?? '')
    .join('');

/** What the real API takes, written from its reference: aspect ratios, and the models that take imageSize. */
const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];
const SIZED_MODELS = /^gemini-(3(\.\d)?-(pro|flash)-image|nano-banana-2\.1)$/;
/** Models that make 1K only and refuse any other imageSize. */
const ONE_K_MODELS = /^gemini-3\.1-flash-lite-image$/;
const EDGE = { '1K': 1024, '2K': 2048, '4K': 4096 } as const;

type Refusal = 'prompt' | 'image';

/**
 * The models the fake serves, as models.list names them: the current image models and the analysis
 * model (the -preview image models were shut down on 2026-06-25 and are gone from the list).
 */
export const FAKE_GEMINI_MODELS = [
  'gemini-3-pro-image',
  'gemini-nano-banana-2.1',
  'gemini-3.1-flash-lite-image',
  'gemini-3.1-flash-image',
  'gemini-2.5-flash-image',
  'gemini-3.5-flash-lite',
  'gemini-3.8-flash',
  'gemini-2.5-flash',
  'gemini-2.5-pro',
];

/** Shutdown days from Google's deprecations page: past its day a model is gone from the API. */
const GEMINI_SHUTDOWNS: Record<string, string> = {
  'gemini-2.5-flash': '2026-12-01',
  'gemini-2.5-pro': '2026-12-01',
};

const modelResource = (id: string) => ({
  name: `models/${id}`,
  version: '001',
  displayName: id,
  description: `Fake ${id}`,
  inputTokenLimit: 65_536,
  outputTokenLimit: 32_768,
  supportedGenerationMethods: ['generateContent', 'countTokens'],
});

/**
 * A stand-in for the Gemini API (generativelanguage) on 127.0.0.1 that the real `@google/genai` SDK
 * talks to through `httpOptions.baseUrl`: it records requests, checks image configs as the API does,
 * answers image edits with the photo at the asked aspect ratio and size, and analyses with JSON text.
 */
export class FakeGemini {
  readonly requests: GeminiRequest[] = [];
  analysis: unknown = { roomType: 'bedroom', style: 'farmhouse', confidence: 'high' };
  /** What its vision model says when asked to compare a result with its photo (a structure review). */
  verdict: FakeVerdict = 'kept';
  /** When set, each image edit answers with this image made from the photo sent (a room changed, say). */
  editImage: ((photo: Buffer) => Promise<Buffer>) | null = null;
  delayMs = 0;
  /** When set, each request (after `delayMs`) waits for what this returns for it: a latency per kind of request. */
  hold: ((request: GeminiRequest) => Promise<void> | undefined) | null = null;
  /** Models taken out of the list and refused, as when Google shuts one down. */
  readonly withdrawn = new Set<string>();
  /** The fake's calendar day (YYYY-MM-DD): a model whose shutdown day has come is gone from it. */
  today = new Date().toISOString().slice(0, 10);
  private failures: { status: number; body: unknown }[] = [];
  private refusals: Refusal[] = [];
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) this.error(res, 500, String(err), 'INTERNAL');
    });
  });

  get url(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  get env(): Record<string, string> {
    return { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'gem-test', GEMINI_BASE_URL: this.url };
  }

  listen(): Promise<void> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests fail with this status, in the API's error format. */
  failNext(status: number, times = 1, message = `Fake failure ${status}`, reason = 'UNAVAILABLE'): void {
    for (let i = 0; i < times; i++)
      this.failures.push({ status, body: { error: { code: status, message, status: reason } } });
  }

  /** The next answer refuses: the prompt blocked outright, or the image withheld on safety grounds. */
  refuseNext(kind: Refusal): void {
    this.refusals.push(kind);
  }

  /** The structure reviews asked (two photos to compare, a JSON answer). */
  reviews(): GeminiRequest[] {
    return this.requests.filter((r) => isReview(r.body));
  }

  reset(): void {
    this.verdict = 'kept';
    this.editImage = null;
    this.requests.length = 0;
    this.failures = [];
    this.refusals = [];
    this.delayMs = 0;
    this.hold = null;
    this.withdrawn.clear();
    this.today = new Date().toISOString().slice(0, 10);
  }

  served(): string[] {
    const shutDown = (m: string) => (GEMINI_SHUTDOWNS[m] ?? '9999-12-31') <= this.today;
    return FAKE_GEMINI_MODELS.filter((m) => !this.withdrawn.has(m) && !shutDown(m));
  }

  private notFound(res: ServerResponse, model: string): void {
    this.error(
      res,
      404,
      `models/${model} is not found for API version v1beta, or is not supported for generateContent. ` +
        'Call ListModels to see the list of available models and their supported methods.',
      'NOT_FOUND',
    );
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, message: string, reason: string): void {
    this.send(res, status, { error: { code: status, message, status: reason } });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const model = /\/models\/([^/:]+):generateContent$/.exec(path)?.[1] ?? '';
    const apiKey = req.headers['x-goog-api-key'];
    const recorded: GeminiRequest = {
      path,
      model,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
      body: text ? (JSON.parse(text) as GeminiBody) : {},
    };
    this.requests.push(recorded);
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    await this.hold?.(recorded);
    if (res.destroyed) return;
    const failure = this.failures.shift();
    if (failure) return this.send(res, failure.status, failure.body);
    if (recorded.apiKey !== 'gem-test')
      return this.error(res, 400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT');
    if (req.method === 'GET' && /\/models$/.test(path))
      return this.send(res, 200, { models: this.served().map(modelResource) });
    const one = /\/models\/([^/:]+)$/.exec(path)?.[1];
    if (req.method === 'GET' && one)
      return this.served().includes(one) ? this.send(res, 200, modelResource(one)) : this.notFound(res, one);
    if (!model || req.method !== 'POST') return this.error(res, 404, `No fake for ${path}`, 'NOT_FOUND');
    if (!this.served().includes(model)) return this.notFound(res, model);
    const config = recorded.body.generationConfig ?? {};
    if (config.responseModalities?.includes('IMAGE')) return this.answerImage(recorded, res);
    // As the API says when a schema comes without JSON output asked for.
    if (config.responseJsonSchema !== undefined && config.responseMimeType !== 'application/json')
      return this.error(
        res,
        400,
        'responseJsonSchema requires responseMimeType to be application/json.',
        'INVALID_ARGUMENT',
      );
    const answer = isReview(recorded.body) ? FAKE_OPINIONS[this.verdict] : this.analysis;
    return this.send(res, 200, {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: JSON.stringify(answer) }] },
          finishReason: 'STOP',
        },
      ],
      modelVersion: model,
    });
  }

  private async answerImage(recorded: GeminiRequest, res: ServerResponse): Promise<void> {
    const { aspectRatio = '1:1', imageSize } = recorded.body.generationConfig?.imageConfig ?? {};
    if (!ASPECT_RATIOS.includes(aspectRatio))
      return this.error(res, 400, `Unsupported aspect ratio: ${aspectRatio}`, 'INVALID_ARGUMENT');
    const oneK = ONE_K_MODELS.test(recorded.model) && imageSize === '1K';
    if (imageSize !== undefined && !oneK && (!SIZED_MODELS.test(recorded.model) || !(imageSize in EDGE)))
      return this.error(
        res,
        400,
        `imageSize ${imageSize} is not supported by this model`,
        'INVALID_ARGUMENT',
      );
    const [photo] = geminiImages(recorded.body);
    if (!photo) return this.error(res, 400, 'An image to edit is required', 'INVALID_ARGUMENT');
    const refusal = this.refusals.shift();
    if (refusal === 'prompt')
      return this.send(res, 200, { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } });
    if (refusal === 'image')
      return this.send(res, 200, {
        candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'IMAGE_SAFETY' }],
      });
    const [w = 1, h = 1] = aspectRatio.split(':').map(Number);
    const edge = EDGE[(imageSize ?? '1K') as keyof typeof EDGE];
    const width = Math.round(w >= h ? edge : (edge * w) / h);
    const height = Math.round(w >= h ? (edge * h) / w : edge);
    const source = this.editImage ? await this.editImage(photo) : photo;
    const png = await sharp(source).resize(width, height, { fit: 'fill' }).png().toBuffer();
    this.send(res, 200, {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [{ inlineData: { mimeType: 'image/png', data: png.toString('base64') } }],
          },
          finishReason: 'STOP',
        },
      ],
      modelVersion: recorded.model,
    });
  }
}
