/**
 * What one provider call costs, in US dollars: the one place prices live. Each row says when it was read
 * and where; `estimate` rows are our reckoning where the provider publishes no exact figure. Costs are
 * estimates by design (the providers' invoices are the truth) and are only ever shown to the operator.
 */
export interface PriceRow {
  provider: 'openai' | 'gemini' | 'replicate';
  /** Model names this row prices (dated snapshots share their base model's row). */
  models: readonly string[];
  /** `quality` or output size label the price is for; '*' for any. */
  quality: string;
  size: string;
  /** Dollars per image (or per call), at `size`; per megapixel when `perMegapixel`. */
  usd: number;
  perMegapixel?: boolean;
  /** Dollars per second of GPU time, when the answer says how long it ran (Replicate's predict_time). */
  usdPerSecond?: number;
  date: string;
  source: string;
  estimate?: boolean;
}

const OPENAI = 'https://platform.openai.com/docs/pricing';
const GEMINI = 'https://ai.google.dev/gemini-api/docs/pricing';
const READ = '2026-11-27';
const GPT_IMAGE_2_FAMILY = [
  'gpt-image-2',
  'gpt-image-2.5-flare',
  'gpt-image-2.5-sunburst',
  'gpt-image-2.6-flare',
  'gpt-image-2.6-sunburst',
];

const gpt = (models: string[], quality: string, square: number, oblong: number): PriceRow[] => [
  { provider: 'openai', models, quality, size: '1024x1024', usd: square, date: READ, source: OPENAI },
  { provider: 'openai', models, quality, size: '1536x1024', usd: oblong, date: READ, source: OPENAI },
  { provider: 'openai', models, quality, size: '1024x1536', usd: oblong, date: READ, source: OPENAI },
];
// gpt-image-2's free sizes are priced by output tokens, which grow with pixels: per megapixel, from
// about $0.18 for a high-quality 1024x1024 (the 2.5/2.6 snapshots publish no separate price).
const gpt2 = (quality: string, usd: number): PriceRow => ({
  provider: 'openai',
  models: GPT_IMAGE_2_FAMILY,
  quality,
  size: '*',
  usd,
  perMegapixel: true,
  date: READ,
  source: OPENAI,
  estimate: true,
});
const gemini = (models: string[], size: string, usd: number, estimate = false): PriceRow => ({
  provider: 'gemini',
  models,
  quality: '*',
  size,
  usd,
  date: READ,
  source: GEMINI,
  ...(estimate ? { estimate } : {}),
});

export const PRICES: readonly PriceRow[] = [
  gpt2('high', 0.172),
  gpt2('medium', 0.044),
  gpt2('low', 0.011),
  ...gpt(['gpt-image-1.5', 'chatgpt-image-latest'], 'high', 0.133, 0.2),
  ...gpt(['gpt-image-1.5', 'chatgpt-image-latest'], 'medium', 0.034, 0.05),
  ...gpt(['gpt-image-1.5', 'chatgpt-image-latest'], 'low', 0.009, 0.013),
  ...gpt(['gpt-image-1'], 'high', 0.167, 0.25),
  ...gpt(['gpt-image-1'], 'medium', 0.042, 0.063),
  ...gpt(['gpt-image-1'], 'low', 0.011, 0.016),
  ...gpt(['gpt-image-1-mini'], 'high', 0.036, 0.052),
  ...gpt(['gpt-image-1-mini'], 'medium', 0.011, 0.015),
  ...gpt(['gpt-image-1-mini'], 'low', 0.005, 0.006),
  // An analysis: a 768 px photo at low detail plus our instructions in, a short JSON answer out.
  {
    provider: 'openai',
    models: ['gpt-4.1-mini'],
    quality: '*',
    size: 'analysis',
    usd: 0.0003,
    date: READ,
    source: OPENAI,
    estimate: true,
  },
  // gpt-6-luna: $0.10 in and $0.50 out per million tokens; low reasoning adds a few hundred output tokens.
  {
    provider: 'openai',
    models: ['gpt-6-luna'],
    quality: '*',
    size: 'analysis',
    usd: 0.0002,
    date: '2026-11-29',
    source: OPENAI,
    estimate: true,
  },
  gemini(['gemini-3-pro-image'], '1K', 0.134),
  gemini(['gemini-3-pro-image'], '2K', 0.134),
  gemini(['gemini-3-pro-image'], '4K', 0.24),
  gemini(['gemini-nano-banana-2.1'], '1K', 0.0504, true),
  gemini(['gemini-nano-banana-2.1'], '2K', 0.0504),
  gemini(['gemini-nano-banana-2.1'], '4K', 0.113),
  gemini(['gemini-3.1-flash-image'], '*', 0.067, true),
  gemini(['gemini-3.1-flash-lite-image'], '*', 0.03, true),
  gemini(['gemini-2.5-flash-image'], '*', 0.039),
  gemini(['gemini-2.5-flash'], 'analysis', 0.0004, true),
  gemini(['gemini-3.5-flash-lite'], 'analysis', 0.0002, true),
  // Replicate bills GPU seconds: A40 (Large) for the interior model, T4 for Real-ESRGAN.
  {
    provider: 'replicate',
    models: ['adirik/interior-design'],
    quality: '*',
    size: '*',
    usd: 0.011,
    usdPerSecond: 0.000725,
    date: READ,
    source: 'https://replicate.com/pricing',
    estimate: true,
  },
  {
    provider: 'replicate',
    models: ['nightmareai/real-esrgan'],
    quality: '*',
    size: '*',
    usd: 0.0025,
    usdPerSecond: 0.000225,
    date: READ,
    source: 'https://replicate.com/pricing',
    estimate: true,
  },
];

export interface PricedCall {
  provider: PriceRow['provider'];
  model: string;
  /** Quality asked for, or null when the model takes none. */
  quality: string | null;
  /** WIDTHxHEIGHT, a Gemini size (1K/2K/4K), 'analysis', or null. */
  size: string | null;
  images: number;
  /** GPU seconds the provider reported (Replicate), when known. */
  seconds?: number | null;
}

const baseOf = (model: string) => model.split(':')[0]?.replace(/-\d{4}-\d{2}-\d{2}$/, '') ?? model;
const megapixels = (size: string | null) => {
  const m = /^(\d+)x(\d+)$/.exec(size ?? '');
  return m ? (Number(m[1]) * Number(m[2])) / 1_048_576 : 1;
};

/** The row that prices this call: same model, quality and size, else any-size or any-quality rows. */
export function priceRowFor(call: PricedCall): PriceRow | null {
  const model = baseOf(call.model);
  const rows = PRICES.filter((r) => r.provider === call.provider && r.models.includes(model));
  const fits = (r: PriceRow, field: 'quality' | 'size', value: string | null) =>
    r[field] === '*' || r[field] === value;
  const exact = rows.find((r) => fits(r, 'quality', call.quality) && r.size === call.size);
  return exact ?? rows.find((r) => fits(r, 'quality', call.quality) && fits(r, 'size', call.size)) ?? null;
}

/** Estimated dollars for a call; null when the table does not price the model. */
export function estimateUsd(call: PricedCall): number | null {
  const row = priceRowFor(call);
  if (!row) return null;
  if (row.usdPerSecond && call.seconds != null) return round(row.usdPerSecond * call.seconds);
  const each = row.perMegapixel ? row.usd * megapixels(call.size) : row.usd;
  return round(each * call.images);
}

const round = (usd: number) => Math.round(usd * 1_000_000) / 1_000_000;
