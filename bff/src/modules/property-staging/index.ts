export { propertyStagingRoutes } from './property-staging.routes';
export {
  propertyStagingService,
  type PropertyStagingDeps,
  type PropertyStagingService,
} from './property-staging.service';
