export { sharesRoutes } from './shares.routes';
