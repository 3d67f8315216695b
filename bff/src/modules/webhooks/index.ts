export { webhooksRoutes } from './webhooks.routes';
export { WEBHOOK_NOT_FOUND } from './webhooks.service';
