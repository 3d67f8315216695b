// The model catalogue: which models exist, their limits and shutdown dates. Pure tables that config validates
// against and the engines in ai/ call with.
export * from './gemini-models';
export * from './model-lifecycle';
export * from './openai-models';
export * from './plan-tiers';
export * from './replicate-model-names';
