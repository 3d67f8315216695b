/** Who a staging is for: the operator picks an image model and quality for each (IMAGE_MODEL_*). */
export type PlanTier = 'free' | 'pro' | 'demo';
export const PLAN_TIERS: readonly PlanTier[] = ['free', 'pro', 'demo'];
export type ImageQuality = 'low' | 'medium' | 'high';
export const IMAGE_QUALITIES: readonly ImageQuality[] = ['low', 'medium', 'high'];
export interface ImageChoice {
  model: string;
  quality: ImageQuality;
}
