export { healthRoutes } from './health.routes';
export { createModelWatch, SHUTDOWN_WARNING_DAYS } from './model-watch';
