export { apiKeysRoutes } from './api-keys.routes';
export { API_KEY_NOT_FOUND } from './api-keys.service';
