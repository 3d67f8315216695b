export { authRoutes } from './auth.routes';
export { oauthMiddleware } from './oauth-middleware';
export { configuredProviders } from './oauth-providers';
export { hashPassword } from './password';
export { accountChangesRoutes } from './account-changes.routes';
