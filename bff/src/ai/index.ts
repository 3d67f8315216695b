import type { Config } from '../config';
import type { StagingEngine } from './engine';
import { GeminiEngine } from './gemini-engine';
import { OpenAiEngine } from './openai-engine';
import { PreviewEngine } from './preview-engine';
import { ReplicateEngine } from './replicate-engine';
import { ReplicateUpscaler } from './replicate-upscaler';
import type { Upscaler } from './upscaler';

export {
  clampAnalysis,
  EngineError,
  FALLBACK_ANALYSIS,
  PLAN_TIERS,
  type CallMeter,
  type EditOutput,
  type EditRequest,
  type ImageChoice,
  type ModelAvailability,
  type PlanTier,
  type ProviderCall,
  type EngineKind,
  type RoomAnalysis,
  type StageRequest,
  type StagingEngine,
} from './engine';
export { buildStagingPrompt } from './prompts';
export { CERTAIN_STRENGTH, uncertainFlag, withOpinion } from './second-opinion';
export {
  PERMANENT_ELEMENTS,
  STRUCTURE_REVIEW_NAME,
  STRUCTURE_REVIEW_SCHEMA,
  type StructureOpinion,
} from './structure-review';
export { daysUntil, lifecycleOf, SHUTDOWN_WARNING_DAYS, type ModelProvider } from '../ai-models';
export { estimateUsd, PRICES, type PriceRow } from './prices';
export { OpenAiEngine, type OpenAiEngineOptions } from './openai-engine';
export { PreviewEngine, PREVIEW_RIBBON_TEXT, previewRibbonMaxHeight } from './preview-engine';
export { type Upscaler, UPSCALER_FAILURES } from './upscaler';
export { ReplicateUpscaler, type ReplicateUpscalerOptions } from './replicate-upscaler';

function openAiEngine(config: Config, apiKey: string): OpenAiEngine {
  return new OpenAiEngine({
    apiKey,
    baseURL: config.OPENAI_BASE_URL,
    visionModel: config.OPENAI_VISION_MODEL,
    imageModel: config.OPENAI_IMAGE_MODEL,
    imageModelLike: config.OPENAI_IMAGE_MODEL_LIKE,
    maxOutputPixels: config.OPENAI_IMAGE_MAX_PIXELS || undefined,
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    ...(config.engineKind === 'openai' ? { tiers: config.imageTiers } : {}),
  });
}

/**
 * The engine AI_PROVIDER names (config checked its key), else the local preview engine. Replicate has no
 * vision model of ours: it analyses with OpenAI's when an OpenAI key is set, else as the preview does.
 */
export function createEngine(config: Config): StagingEngine {
  const openAiKey = config.OPENAI_API_KEY;
  if (config.engineKind === 'openai' && openAiKey) return openAiEngine(config, openAiKey);
  if (config.engineKind === 'gemini' && config.geminiApiKey) {
    return new GeminiEngine({
      apiKey: config.geminiApiKey,
      baseUrl: config.GEMINI_BASE_URL,
      visionModel: config.GEMINI_VISION_MODEL,
      imageModel: config.GEMINI_IMAGE_MODEL,
      timeoutMs: config.GEMINI_TIMEOUT_MS,
      tiers: config.imageTiers,
    });
  }
  if (config.engineKind === 'replicate' && config.REPLICATE_API_TOKEN) {
    return new ReplicateEngine({
      apiToken: config.REPLICATE_API_TOKEN,
      baseUrl: config.REPLICATE_BASE_URL,
      model: config.REPLICATE_MODEL,
      timeoutMs: config.REPLICATE_TIMEOUT_MS,
      tiers: config.imageTiers,
      draftModel: config.REPLICATE_DRAFT_MODEL,
      analyzer: openAiKey ? openAiEngine(config, openAiKey) : new PreviewEngine(),
    });
  }
  return new PreviewEngine();
}

/** Real-ESRGAN on Replicate when REPLICATE_API_TOKEN is set; without it there is no upscaler (4K is enlarged). */
export function createUpscaler(config: Config): Upscaler | null {
  if (!config.REPLICATE_API_TOKEN) return null;
  return new ReplicateUpscaler({
    apiToken: config.REPLICATE_API_TOKEN,
    model: config.REPLICATE_UPSCALER_MODEL,
    baseUrl: config.REPLICATE_BASE_URL,
  });
}
