export { propertiesRoutes } from './properties.routes';
export { propertySharesRoutes } from './property-shares.routes';
export { removeAllProperties } from './property-removal';
export { propertiesService } from './properties.service';
export { propertyDownloadService } from './property-download.service';
export { propertySharesService } from './property-shares.service';
export { roomsService } from './rooms.service';
