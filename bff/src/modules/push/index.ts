export { pushRoutes } from './push.routes';
export { INVALID_PUSH_KEYS, MAX_PUSH_DEVICES } from './push.service';
