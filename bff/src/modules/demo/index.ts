export { demoRoutes } from './demo.routes';
