export { analyzeRoutes } from './analyze.routes';
