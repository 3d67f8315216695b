import type { EngineKind } from '@shared/domain';
import {
  type ImageChoice,
  type ImageQuality,
  type PlanTier,
  KNOWN_GEMINI_IMAGE_MODELS,
  retiredModelProblem,
  imageModelProfile,
  KNOWN_IMAGE_MODELS,
  REPLICATE_MODEL_PATTERN,
} from '../ai-models';

interface PlanEnv {
  OPENAI_IMAGE_MODEL: string;
  OPENAI_IMAGE_MODEL_LIKE?: string | undefined;
  GEMINI_IMAGE_MODEL: string;
  REPLICATE_MODEL: string;
  IMAGE_MODEL_FREE?: string | undefined;
  IMAGE_MODEL_PRO?: string | undefined;
  IMAGE_MODEL_DEMO?: string | undefined;
  IMAGE_QUALITY_FREE: ImageQuality;
  IMAGE_QUALITY_PRO: ImageQuality;
  IMAGE_QUALITY_DEMO: ImageQuality;
}

const VARIABLE: Record<PlanTier, 'IMAGE_MODEL_FREE' | 'IMAGE_MODEL_PRO' | 'IMAGE_MODEL_DEMO'> = {
  free: 'IMAGE_MODEL_FREE',
  pro: 'IMAGE_MODEL_PRO',
  demo: 'IMAGE_MODEL_DEMO',
};
const QUALITY: Record<PlanTier, 'IMAGE_QUALITY_FREE' | 'IMAGE_QUALITY_PRO' | 'IMAGE_QUALITY_DEMO'> = {
  free: 'IMAGE_QUALITY_FREE',
  pro: 'IMAGE_QUALITY_PRO',
  demo: 'IMAGE_QUALITY_DEMO',
};

/** Why `model` cannot stage for `engine`, or null when it can. */
function modelProblem(e: PlanEnv, engine: EngineKind, name: string, model: string, now: Date): string | null {
  if (engine === 'openai') {
    if (!imageModelProfile(model, e.OPENAI_IMAGE_MODEL_LIKE))
      return `${name}: '${model}' is not a known OpenAI image model (${KNOWN_IMAGE_MODELS.join(', ')})`;
    return retiredModelProblem(name, 'openai', model, now);
  }
  if (engine === 'gemini') {
    const retired = retiredModelProblem(name, 'gemini', model, now);
    if (retired) return retired;
    if (!(KNOWN_GEMINI_IMAGE_MODELS as string[]).includes(model))
      return `${name}: '${model}' is not a known Gemini image model (${KNOWN_GEMINI_IMAGE_MODELS.join(', ')})`;
    return null;
  }
  if (engine === 'replicate' && !REPLICATE_MODEL_PATTERN.test(model))
    return `${name}: must be owner/name or owner/name:version`;
  return null;
}

/** The provider's own image model, what a plan without IMAGE_MODEL_* stages with. */
const providerModel = (e: PlanEnv, engine: EngineKind) =>
  engine === 'gemini'
    ? e.GEMINI_IMAGE_MODEL
    : engine === 'replicate'
      ? e.REPLICATE_MODEL
      : e.OPENAI_IMAGE_MODEL;

/** Each plan's image model and quality, checked against the configured provider. */
export function planImageChoices(
  e: PlanEnv,
  engine: EngineKind,
  now: Date,
): { choices: Record<PlanTier, ImageChoice>; problems: string[] } {
  const problems: string[] = [];
  const choice = (tier: PlanTier): ImageChoice => {
    const set = e[VARIABLE[tier]];
    if (set && engine !== 'preview') {
      const problem = modelProblem(e, engine, VARIABLE[tier], set, now);
      if (problem) problems.push(problem);
    }
    return { model: set ?? providerModel(e, engine), quality: e[QUALITY[tier]] };
  };
  return { choices: { free: choice('free'), pro: choice('pro'), demo: choice('demo') }, problems };
}
