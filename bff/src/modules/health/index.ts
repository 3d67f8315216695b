export { healthRoutes } from './health.routes';
export { createModelWatch } from './model-watch';
