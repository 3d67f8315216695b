export { originalsRoutes } from './originals.routes';
export { originalsService, type OriginalsService } from './originals.service';
