import type { Config } from '../config';
import type { StagingEngine } from './engine';
import { OpenAiEngine } from './openai-engine';
import { PreviewEngine } from './preview-engine';
import { ReplicateUpscaler } from './replicate-upscaler';
import type { Upscaler } from './upscaler';

export {
  clampAnalysis,
  EngineError,
  FALLBACK_ANALYSIS,
  type EngineKind,
  type RoomAnalysis,
  type StageRequest,
  type StagingEngine,
} from './engine';
export { buildStagingPrompt } from './prompts';
export { OpenAiEngine, sizeForAspect, type OpenAiEngineOptions } from './openai-engine';
export { PreviewEngine, PREVIEW_RIBBON_TEXT, previewRibbonMaxHeight } from './preview-engine';
export { type Upscaler, UPSCALER_FAILURES } from './upscaler';
export { ReplicateUpscaler, type ReplicateUpscalerOptions } from './replicate-upscaler';

/** OpenAI when an API key is configured, otherwise the local preview engine. */
export function createEngine(config: Config): StagingEngine {
  if (config.engineKind === 'openai' && config.OPENAI_API_KEY) {
    return new OpenAiEngine({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      visionModel: config.OPENAI_VISION_MODEL,
      imageModel: config.OPENAI_IMAGE_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
    });
  }
  return new PreviewEngine();
}

/** Real-ESRGAN on Replicate when REPLICATE_API_TOKEN is set; without it there is no upscaler (4K is enlarged). */
export function createUpscaler(config: Config, baseUrl?: string): Upscaler | null {
  if (!config.REPLICATE_API_TOKEN) return null;
  return new ReplicateUpscaler({
    apiToken: config.REPLICATE_API_TOKEN,
    model: config.REPLICATE_UPSCALER_MODEL,
    baseUrl,
  });
}
