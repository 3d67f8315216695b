export { healthRoutes } from './health.routes';
export { createModelWatch, SHUTDOWN_WARNING_DAYS, type ModelWatch } from './model-watch';
