import Koa, { type Middleware } from 'koa';
import { Router } from '@koa/router';
import { API_PREFIX, isApiPath } from '@shared/api';
import type { AppDeps } from './app-deps';
import { noStoreByDefault } from './http/cache-control';
import { errorMiddleware } from './http/error-middleware';
import { notFound } from './http/errors';
import { jsonBody } from './http/json-body';
import { originCheck } from './http/origin-check';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { servePwa } from './http/serve-pwa';
import { apiKeyAuth, sessionMiddleware, unlessApiKey } from './http/session';
import { analyzeRoutes } from './modules/analyze';
import { apiKeysRoutes } from './modules/api-keys';
import { auditRoutes } from './modules/audit';
import { accountChangesRoutes, authRoutes, oauthMiddleware } from './modules/auth';
import { billingRoutes } from './modules/billing';
import { contactRoutes } from './modules/contact';
import { demoRoutes } from './modules/demo';
import { docsRoutes } from './modules/docs';
import { eventsRoutes } from './modules/events';
import { healthRoutes } from './modules/health';
import { limitsRoutes } from './modules/limits';
import { originalsRoutes } from './modules/originals';
import { currentBatchRoutes, projectsRoutes } from './modules/projects';
import { propertiesRoutes, propertySharesRoutes } from './modules/properties';
import { pushRoutes } from './modules/push';
import { propertyStagingRoutes } from './modules/property-staging';
import { sharesRoutes } from './modules/shares';
import { usersRoutes } from './modules/users';
import { versionsRoutes } from './modules/versions';
import { createServices, type Services } from './modules/services';
import { webhooksRoutes } from './modules/webhooks';

export type { AppDeps } from './app-deps';

const forApi =
  (mw: Middleware): Middleware =>
  async (ctx, next) => {
    if (isApiPath(ctx.path)) await mw(ctx, next);
    else await next();
  };

/** Each module contributes a router mounted under /api, made from the app's deps and its services. */
export const MODULES: ((deps: AppDeps, services: Services) => Router)[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  accountChangesRoutes,
  contactRoutes,
  docsRoutes,
  limitsRoutes,
  billingRoutes,
  analyzeRoutes,
  demoRoutes,
  projectsRoutes,
  versionsRoutes,
  currentBatchRoutes,
  sharesRoutes,
  propertiesRoutes,
  propertySharesRoutes,
  originalsRoutes,
  propertyStagingRoutes,
  eventsRoutes,
  pushRoutes,
  auditRoutes,
  apiKeysRoutes,
  webhooksRoutes,
];

/** Builds the Koa app without listening, so tests can start it on an ephemeral port. */
export function createApp(deps: AppDeps): Koa {
  const { config, logger } = deps;
  // Only the entries our own proxies appended count: the left of X-Forwarded-For is whatever the client sent.
  const app = new Koa({ proxy: config.TRUST_PROXY, maxIpsCount: config.TRUST_PROXY_HOPS });
  app.silent = true; // errors are logged once, by the error middleware

  const api = new Router({ prefix: API_PREFIX });
  const services = createServices(deps);
  for (const mount of MODULES) {
    const router = mount(deps, services);
    api.use(router.routes(), router.allowedMethods());
  }

  app.use(requestLog(logger));
  app.use(errorMiddleware(logger));
  app.use(securityHeaders(deps.config.blobLinkOrigin));
  app.use(forApi(noStoreByDefault()));
  // Before routing, so unknown routes and wrong methods get the same CSRF and body-size rules.
  // A key request carries no cookie: no CSRF check and no session (a bad key is a 401, not a visitor).
  app.use(forApi(apiKeyAuth(deps.repos, config.API_KEY_RATE_LIMIT_PER_MINUTE)));
  app.use(forApi(unlessApiKey(originCheck(config.PUBLIC_URL))));
  app.use(forApi(jsonBody()));
  app.use(forApi(unlessApiKey(sessionMiddleware(app, config, deps.repos, deps.sessionKeys))));
  app.use(forApi(unlessApiKey(oauthMiddleware(config))));
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(
    forApi(() => {
      throw notFound('There is no API endpoint at this address.');
    }),
  );
  app.use(servePwa(config.pwaDistDir));
  return app;
}
