import path from 'node:path';
import { z } from 'zod';
import type { EngineKind } from '@shared/domain';
import {
  type ImageChoice,
  type PlanTier,
  DEFAULT_GEMINI_IMAGE_MODEL,
  DEFAULT_GEMINI_VISION_MODEL,
  DEFAULT_OPENAI_VISION_MODEL,
  retiredModelProblem,
  shutdownWarning,
  DEFAULT_IMAGE_MODEL,
  imageModelProfile,
  KNOWN_IMAGE_MODELS,
  DEFAULT_REPLICATE_MODEL,
  REPLICATE_MODEL_PATTERN,
} from '../ai-models';
import { planImageChoices } from './plan-models';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = optionalString.pipe(z.url().optional());
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));
const int = (fallback: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : Number(v)))
    .pipe(z.number().int().min(min));

/** Real-ESRGAN on Replicate, pinned to a version: a model page's newest version may change its inputs. */
/** 1280 x 1024: the pixels a default staging is made at (1-1.5 MP is where the composite stays sharp and cheap). */
export const DEFAULT_WORK_PIXELS = 1_310_720;
const DEFAULT_UPSCALER_MODEL =
  'nightmareai/real-esrgan:42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b';

/** Every variable the BFF reads; documented one by one in .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: int(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRUST_PROXY: bool(false),
  TRUST_PROXY_HOPS: int(1, 1),
  DATA_DIR: z.string().default('./data'),
  MIN_FREE_DISK_MB: int(30, 0),
  INTAKE_CONCURRENCY: int(0, 0),
  UPLOADS_PER_USER: int(3, 1),
  PWA_DIST_DIR: z.string().default('./dist/pwa'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_KEYS: optionalString,
  SESSION_IDLE_MINUTES: int(60 * 24 * 7, 1),
  SESSION_ABSOLUTE_DAYS: int(30, 1),
  LOGIN_FAILURES_PER_EMAIL: int(10, 1),
  LOGIN_ATTEMPTS_PER_IP: int(50, 1),
  REGISTRATIONS_PER_IP: int(10, 1),
  MONGODB_URI: optionalString,
  MONGODB_DB: z.string().default('stagely'),
  AI_PROVIDER: z
    .enum(['openai', 'gemini', 'replicate', 'preview', ''])
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
      .optional(),
  ),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool(false),
  S3_DELIVERY: z.enum(['stream', 'redirect']).default('stream'),
  S3_LINK_SECONDS: int(300, 1).pipe(z.number().max(604_800)),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_VISION_MODEL: z.string().default(DEFAULT_OPENAI_VISION_MODEL),
  OPENAI_IMAGE_MODEL: z.string().default(DEFAULT_IMAGE_MODEL),
  OPENAI_IMAGE_MODEL_LIKE: optionalString.pipe(z.enum(KNOWN_IMAGE_MODELS).optional()),
  // The model works at about 1.3 MP: the structure lock lays its answer into the photo at the photo's own size.
  OPENAI_IMAGE_MAX_PIXELS: int(DEFAULT_WORK_PIXELS, 0),
  OPENAI_TIMEOUT_MS: int(180_000, 1000),
  GEMINI_API_KEY: optionalString,
  GOOGLE_API_KEY: optionalString,
  GEMINI_BASE_URL: optionalUrl,
  GEMINI_IMAGE_MODEL: z.string().default(DEFAULT_GEMINI_IMAGE_MODEL),
  GEMINI_VISION_MODEL: z.string().default(DEFAULT_GEMINI_VISION_MODEL),
  GEMINI_TIMEOUT_MS: int(180_000, 1000),
  REPLICATE_API_TOKEN: optionalString,
  REPLICATE_BASE_URL: optionalUrl,
  REPLICATE_MODEL: z
    .string()
    .default(DEFAULT_REPLICATE_MODEL)
    .pipe(z.string().regex(REPLICATE_MODEL_PATTERN, { message: 'must be owner/name or owner/name:version' })),
  REPLICATE_TIMEOUT_MS: int(300_000, 1000),
  // A fast model for the first look (e.g. prunaai/p-image-edit); empty: Replicate stagings show no draft.
  REPLICATE_DRAFT_MODEL: optionalString.pipe(
    z
      .string()
      .regex(REPLICATE_MODEL_PATTERN, { message: 'must be owner/name or owner/name:version' })
      .optional(),
  ),
  // A first look (the engine's fast pass, marked Draft) before the final: false stages the final alone.
  STAGING_DRAFT: bool(true),
  // The upscaler (Pro's 4K exports) shares REPLICATE_API_TOKEN with the Replicate staging provider.
  REPLICATE_UPSCALER_MODEL: z
    .string()
    .trim()
    .default(DEFAULT_UPSCALER_MODEL)
    .pipe(z.string().regex(REPLICATE_MODEL_PATTERN, { message: 'must be owner/name or owner/name:version' })),
  // The image model and quality each plan stages with (default: the provider's image model at medium, which
  // keeps a staging near $0.06; see docs/operations.md), so an operator can trade cost for finish per plan.
  IMAGE_MODEL_FREE: optionalString,
  IMAGE_MODEL_PRO: optionalString,
  IMAGE_MODEL_DEMO: optionalString,
  IMAGE_QUALITY_FREE: z.enum(['low', 'medium', 'high']).default('medium'),
  IMAGE_QUALITY_PRO: z.enum(['low', 'medium', 'high']).default('medium'),
  IMAGE_QUALITY_DEMO: z.enum(['low', 'medium', 'high']).default('medium'),
  /** Where model shutdown warnings go (30 days ahead, and when a model is no longer served). */
  OPERATOR_EMAIL: optionalString.pipe(z.email().optional()),
  WORKER_ENABLED: bool(true),
  WORKER_CONCURRENCY: int(1, 1),
  WORKER_POLL_MS: int(1000, 50),
  WORKER_LEASE_SECONDS: int(60, 1),
  ANALYZE_LIMIT_PER_HOUR: int(30, 1),
  DEMO_LIMIT_PER_DAY: int(3, 1),
  SHARE_REQUESTS_PER_IP: int(600, 1),
  /** With it, `GET /api/health` sent `Authorization: Bearer <HEALTH_TOKEN>` tells the details. */
  HEALTH_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_URL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  OIDC_NAME: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_AUTHORIZE_URL: optionalString,
  OIDC_TOKEN_URL: optionalString,
  OIDC_USERINFO_URL: optionalString,
  OIDC_SCOPE: z.string().default('openid email profile'),
  SUPPORT_EMAIL: z.email().default('support@stagely.app'),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, { message: 'must be an smtp:// or smtps:// URL' })
      .optional(),
  ),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>\r\n@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
      message: 'must be an address, optionally with a name: Stagely <no-reply@example.com>',
    })
    .default('Stagely <no-reply@stagely.app>'),
  SMTP_TIMEOUT_MS: int(30_000, 100),
  VAPID_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, { message: 'must be a P-256 public key, base64url (87 characters)' })
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, { message: 'must be a P-256 private key, base64url (43 characters)' })
      .optional(),
  ),
  /** Requests a minute per API key on Pro's unlimited plan (Free is held by its credits). */
  API_KEY_RATE_LIMIT_PER_MINUTE: int(120, 1),
  /** Origins webhooks may reach beyond public https (an in-house receiver; a test's loopback one), as given. */
  WEBHOOK_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be http(s) origins, comma-separated' }))),
  PUSH_SERVICE_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'must be http(s) origins, comma-separated' }))),
  // PEM in one line works too: literal \n sequences stand for line breaks (an .env file has one line each).
  C2PA_KEY: optionalString.pipe(
    z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n'))
      .pipe(
        z
          .string()
          .regex(/-----BEGIN (EC )?PRIVATE KEY-----/, { message: 'must be a PEM private key (P-256)' }),
      )
      .optional(),
  ),
  C2PA_CERT: optionalString.pipe(
    z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n'))
      .pipe(
        z
          .string()
          .regex(/-----BEGIN CERTIFICATE-----/, { message: 'must be PEM certificates (signer first)' }),
      )
      .optional(),
  ),
  VAPID_SUBJECT: optionalString.pipe(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, { message: 'must be a mailto: or https:// URL' })
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** PUBLIC_URL's origin, else http://localhost:PORT: where every absolute link points (see public-url.ts). */
  appOrigin: string;
  /** No PUBLIC_URL: links work only on this machine (said at start-up and in /api/health). */
  linksLocalOnly: boolean;
  /** Absolute paths, resolved once so later code never depends on the working directory. */
  dataDir: string;
  pwaDistDir: string;
  storeKind: 'nedb' | 'mongodb';
  /** AI_PROVIDER, else the first provider with a key (OpenAI, Gemini, Replicate), else the preview. */
  engineKind: EngineKind;
  /** GEMINI_API_KEY, else GOOGLE_API_KEY. */
  geminiApiKey: string | undefined;
  /** Where images live: S3 when S3_BUCKET is set (whatever the document store), else beside the documents. */
  blobKind: 'files' | 'gridfs' | 's3';
  /** With S3_DELIVERY=redirect: the origin images are loaded from (the page's CSP must allow it). */
  blobLinkOrigin: string | null;
  /** SMTP when SMTP_URL is set, else each mail is written as an .eml file under DATA_DIR/mail. */
  mailKind: 'smtp' | 'files';
  /** The image model and quality of each plan's stagings, for the configured provider. */
  imageTiers: Record<PlanTier, ImageChoice>;
  /** Configured models that shut down within 30 days, each with its replacement: logged at start-up. */
  modelShutdownWarnings: string[];
  version: string;
}

const KEY_NAMES = {
  openai: 'OPENAI_API_KEY',
  gemini: 'GEMINI_API_KEY (or GOOGLE_API_KEY)',
  replicate: 'REPLICATE_API_TOKEN',
} as const;

/** Where presigned links point: the endpoint (path style), the bucket under it, or AWS's own host. */
function linkOrigin(e: Env): string {
  if (!e.S3_ENDPOINT) return `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`;
  const url = new URL(e.S3_ENDPOINT);
  return e.S3_FORCE_PATH_STYLE ? url.origin : `${url.protocol}//${e.S3_BUCKET}.${url.host}`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  version = '0.0.0',
  now: Date = new Date(),
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const geminiApiKey = e.GEMINI_API_KEY ?? e.GOOGLE_API_KEY;
  const keys = { openai: e.OPENAI_API_KEY, gemini: geminiApiKey, replicate: e.REPLICATE_API_TOKEN };
  const engineKind: EngineKind =
    e.AI_PROVIDER ?? (['openai', 'gemini', 'replicate'] as const).find((p) => keys[p]) ?? 'preview';
  const problems: string[] = [];
  if (engineKind !== 'preview' && !keys[engineKind])
    problems.push(`AI_PROVIDER: ${engineKind} needs ${KEY_NAMES[engineKind]}`);
  if (!imageModelProfile(e.OPENAI_IMAGE_MODEL, e.OPENAI_IMAGE_MODEL_LIKE))
    problems.push(
      `OPENAI_IMAGE_MODEL: '${e.OPENAI_IMAGE_MODEL}' is not a known image model; set OPENAI_IMAGE_MODEL_LIKE ` +
        `to the one it behaves like (${KNOWN_IMAGE_MODELS.join(', ')})`,
    );
  const modelShutdownWarnings: string[] = [];
  for (const [name, provider, model] of [
    ['OPENAI_IMAGE_MODEL', 'openai', e.OPENAI_IMAGE_MODEL],
    ['OPENAI_VISION_MODEL', 'openai', e.OPENAI_VISION_MODEL],
    ['GEMINI_IMAGE_MODEL', 'gemini', e.GEMINI_IMAGE_MODEL],
    ['GEMINI_VISION_MODEL', 'gemini', e.GEMINI_VISION_MODEL],
  ] as const) {
    const retired = retiredModelProblem(name, provider, model, now);
    if (retired) problems.push(retired);
    const soon = shutdownWarning(name, provider, model, now);
    if (soon) modelShutdownWarnings.push(soon);
  }
  const plans = planImageChoices(e, engineKind, now);
  problems.push(...plans.problems);
  // A key pair is used whole: one half alone would sign with a key the browsers were never given.
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    problems.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (npx web-push generate-vapid-keys) or neither',
    );
  // A key without its certificate (or the reverse) cannot sign anything a reader accepts.
  if (!e.C2PA_KEY !== !e.C2PA_CERT) problems.push('C2PA_KEY, C2PA_CERT: set both (PEM) or neither');
  if (e.S3_DELIVERY === 'redirect' && !e.S3_BUCKET)
    problems.push('S3_DELIVERY: redirect needs S3_BUCKET (images on object storage)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    ...e,
    appOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    linksLocalOnly: !e.PUBLIC_URL,
    dataDir: path.resolve(e.DATA_DIR),
    pwaDistDir: path.resolve(e.PWA_DIST_DIR),
    storeKind: e.MONGODB_URI ? 'mongodb' : 'nedb',
    engineKind,
    geminiApiKey,
    blobKind: e.S3_BUCKET ? 's3' : e.MONGODB_URI ? 'gridfs' : 'files',
    blobLinkOrigin: e.S3_BUCKET && e.S3_DELIVERY === 'redirect' ? linkOrigin(e) : null,
    mailKind: e.SMTP_URL ? 'smtp' : 'files',
    imageTiers: plans.choices,
    modelShutdownWarnings,
    version,
  };
}
