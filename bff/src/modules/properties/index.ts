export { propertiesRoutes } from './properties.routes';
export { propertySharesRoutes } from './property-shares.routes';
export { removeAllProperties } from './property-removal';
