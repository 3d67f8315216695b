import { Router } from '@koa/router';
import { buildOpenApiDocument, publicConfigSchema, type PublicConfig } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import type { EngineKind } from '../../ai';
import type { Config } from '../../config';
import { cacheable } from '../../http/cache-control';
import { configuredProviders } from '../auth/oauth-providers';

/** Email and password sign-in is always available next to the configured OAuth providers. */
export const EMAIL_SIGN_IN_NAME = 'email and password';

export function publicConfig(config: Config, engine: EngineKind): PublicConfig {
  const paymentsEnabled = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
  return publicConfigSchema.parse({
    supportEmail: config.SUPPORT_EMAIL,
    signInProviders: [...configuredProviders(config).map((p) => p.name), EMAIL_SIGN_IN_NAME],
    paymentsEnabled,
    stripePublishableKey: paymentsEnabled ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    engine,
  });
}

/** Public and the same for everyone: a browser may keep them, asking each time whether they changed. */
const REVALIDATE = 'no-cache';

/** Public, read-only descriptions of the service: the API document and the public settings. */
export function docsRoutes({ config, engine }: AppDeps): Router {
  const router = new Router();
  // Both depend only on configuration, so they are built once per process.
  const openApi = buildOpenApiDocument({ version: config.version });
  const settings = publicConfig(config, engine.kind);

  router.get('/openapi.json', (ctx) => {
    cacheable(ctx, REVALIDATE);
    ctx.body = openApi;
  });

  router.get('/public-config', (ctx) => {
    cacheable(ctx, REVALIDATE);
    ctx.body = settings;
  });

  return router;
}
