export { demoRoutes } from './demo.routes';
export { demoService } from './demo.service';
