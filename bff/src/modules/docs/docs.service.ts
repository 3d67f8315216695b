import { buildOpenApiDocument, type PublicConfig } from '@shared/api';
import type { EngineKind } from '../../ai';
import type { Config } from '../../config';
import { configuredProviders } from '../auth';

/** Email and password sign-in is always available next to the configured OAuth providers. */
export const EMAIL_SIGN_IN_NAME = 'email and password';

export function publicConfig(config: Config, engine: EngineKind): PublicConfig {
  const paymentsEnabled = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
  return {
    supportEmail: config.SUPPORT_EMAIL,
    signInProviders: [...configuredProviders(config).map((p) => p.name), EMAIL_SIGN_IN_NAME],
    paymentsEnabled,
    stripePublishableKey: paymentsEnabled ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    engine,
  };
}

/** Public, read-only descriptions of the service; both depend only on configuration, so they are built once. */
export function docsService(config: Config, engine: EngineKind) {
  const openApi = buildOpenApiDocument({ version: config.version });
  const settings = publicConfig(config, engine);
  return {
    openApi: () => openApi,
    publicConfig: () => settings,
  };
}
