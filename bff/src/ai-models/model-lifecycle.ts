/**
 * When the providers stop serving the models we may be configured with, from their deprecations pages.
 * Gemini's model object (name, version, token limits, supportedGenerationMethods) carries no shutdown date;
 * OpenAI's may carry `shutdown_date`, which the model check prefers when it is there (model-watch).
 */
export type ModelProvider = 'openai' | 'gemini';

export interface ModelLifecycle {
  /** The day the provider stops serving it (YYYY-MM-DD, UTC); null when only deprecated so far. */
  shutdown: string | null;
  /** What the provider names in its place. */
  replacement: string;
  source: string;
}

const OPENAI_DEPRECATIONS = 'https://platform.openai.com/docs/deprecations (read 2026-11-29)';
const GEMINI_DEPRECATIONS = 'https://ai.google.dev/gemini-api/docs/deprecations (read 2026-11-29)';
const OPENAI_IMAGE_REPLACEMENT = 'gpt-image-2.6-sunburst';

const openAi = (shutdown: string, replacement = OPENAI_IMAGE_REPLACEMENT): ModelLifecycle => ({
  shutdown,
  replacement,
  source: OPENAI_DEPRECATIONS,
});
const gemini = (shutdown: string | null, replacement: string): ModelLifecycle => ({
  shutdown,
  replacement,
  source: GEMINI_DEPRECATIONS,
});

/** Models with an announced end; a model not listed has none announced. */
export const MODEL_LIFECYCLE: Record<ModelProvider, Record<string, ModelLifecycle>> = {
  openai: {
    'gpt-image-1': openAi('2026-10-23'),
    'gpt-image-1.5': openAi('2026-12-01'),
    'gpt-image-1-mini': openAi('2026-12-01'),
    'chatgpt-image-latest': openAi('2026-12-01'),
    // Vision models that may answer analyses and second opinions.
    'gpt-5': openAi('2026-12-11', 'gpt-6.1-sol'),
    'gpt-5-mini': openAi('2026-12-11', 'gpt-6.1-terra'),
    'gpt-4.1': openAi('2027-01-14', 'gpt-6-luna'),
    'gpt-4.1-mini': openAi('2027-01-14', 'gpt-6-luna'),
    'gpt-4o': openAi('2027-01-14', 'gpt-6-luna'),
    'gpt-4o-mini': openAi('2027-01-14', 'gpt-6-luna'),
  },
  gemini: {
    'gemini-3-pro-image-preview': gemini('2026-06-25', 'gemini-3-pro-image'),
    'gemini-3.1-flash-image-preview': gemini('2026-06-25', 'gemini-nano-banana-2.1'),
    'gemini-2.5-flash-image-preview': gemini('2026-06-25', 'gemini-3.1-flash-lite-image'),
    'gemini-3.1-flash-image': gemini(null, 'gemini-nano-banana-2.1'),
    // Sources disagree on whether requests are routed to the replacement after the day: treat it as gone.
    'gemini-2.5-flash': gemini('2026-12-01', 'gemini-3.5-flash-lite'),
    'gemini-2.5-pro': gemini('2026-12-01', 'gemini-3.8-flash'),
  },
};

/** A dated snapshot (gpt-image-1-2025-04-15) ends with its base model. */
const baseName = (model: string) => model.replace(/-\d{4}-\d{2}-\d{2}$/, '');

export function lifecycleOf(provider: ModelProvider, model: string): ModelLifecycle | null {
  const table = MODEL_LIFECYCLE[provider];
  return table[model] ?? table[baseName(model)] ?? null;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** True once the provider's shutdown day has come. */
export function isRetired(provider: ModelProvider, model: string, now = new Date()): boolean {
  const shutdown = lifecycleOf(provider, model)?.shutdown;
  return shutdown != null && shutdown <= today(now);
}

/** Whole days from `now` until `day` (YYYY-MM-DD, UTC). */
export const daysUntil = (day: string, now = new Date()): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today(now)}T00:00:00Z`)) / 86_400_000);

/** Whole days from `now` until the shutdown day; null when none is announced. */
export function daysUntilShutdown(provider: ModelProvider, model: string, now = new Date()): number | null {
  const shutdown = lifecycleOf(provider, model)?.shutdown;
  return shutdown ? daysUntil(shutdown, now) : null;
}

const PROVIDER_NAMES: Record<ModelProvider, string> = { openai: 'OpenAI', gemini: 'Google' };

/** The sentence start-up stops with for a retired model, naming its replacement; null when it is served. */
export function retiredModelProblem(
  variable: string,
  provider: ModelProvider,
  model: string,
  now = new Date(),
): string | null {
  const life = lifecycleOf(provider, model);
  if (!life?.shutdown || !isRetired(provider, model, now)) return null;
  return (
    `${variable}: '${model}' was retired by ${PROVIDER_NAMES[provider]} on ${life.shutdown}; ` +
    `set ${variable}=${life.replacement} (its replacement)`
  );
}

/** How far ahead a shutdown is worth a warning (at start-up, and in the daily model check's mail). */
export const SHUTDOWN_WARNING_DAYS = 30;

/** The warning start-up gives for a model that shuts down within SHUTDOWN_WARNING_DAYS; null otherwise. */
export function shutdownWarning(
  variable: string,
  provider: ModelProvider,
  model: string,
  now = new Date(),
): string | null {
  const life = lifecycleOf(provider, model);
  const days = daysUntilShutdown(provider, model, now);
  if (!life?.shutdown || days === null || days <= 0 || days > SHUTDOWN_WARNING_DAYS) return null;
  return (
    `${variable}: '${model}' shuts down at ${PROVIDER_NAMES[provider]} on ${life.shutdown} (in ${days} days); ` +
    `set ${variable}=${life.replacement} (its replacement) before then`
  );
}
