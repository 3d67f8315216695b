import { Router } from '@koa/router';
import {
  authProvidersSchema,
  loginRequestSchema,
  oauthLoginQuerySchema,
  registerRequestSchema,
} from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { badRequest, unauthorized } from '../../http/errors';
import { sessionUserId } from '../../http/session';
import { toUserResponse } from '../users/user.mapper';
import { authLimits, authService } from './auth.service';
import { configuredProviders, readProfile } from './oauth-providers';
import { oauthService } from './oauth.service';
import { clearHint, endSession, refreshHint, startSession } from '../../http/session';

interface GrantResponse {
  error?: unknown;
  access_token?: string;
  profile?: Record<string, unknown>;
}

export function authRoutes(deps: AppDeps): Router {
  const { config, repos, logger } = deps;
  const auth = authService(repos, authLimits(config));
  const oauth = oauthService(repos);
  const providers = configuredProviders(config);
  const router = new Router({ prefix: '/auth' });

  router.post('/register', requireFreeSpace(deps.diskSpace), async (ctx) => {
    const user = await auth.register(registerRequestSchema.parse(ctx.request.body), ctx.ip);
    await startSession(ctx, config, user._id);
    ctx.status = 201;
    ctx.body = toUserResponse(user);
  });

  router.post('/login', async (ctx) => {
    const user = await auth.login(loginRequestSchema.parse(ctx.request.body), ctx.ip);
    await startSession(ctx, config, user._id);
    ctx.body = toUserResponse(user);
  });

  router.post('/logout', (ctx) => {
    endSession(ctx, config);
    ctx.body = { ok: true };
  });

  router.get('/user', async (ctx) => {
    const id = sessionUserId(ctx);
    const user = id ? await repos.users.findById(id) : null;
    if (!user) {
      clearHint(ctx, config);
      throw unauthorized('You are not signed in.');
    }
    refreshHint(ctx, config);
    ctx.body = toUserResponse(user);
  });

  router.get('/providers', (ctx) => {
    ctx.body = authProvidersSchema.parse({
      providers: providers.map(({ id, name }) => ({ id, name })),
      email: true,
    });
  });

  // The sign-in button navigates here; with no provider configured the dialog's email form takes over.
  router.get('/login', (ctx) => {
    const wanted = oauthLoginQuerySchema.parse(ctx.query).provider;
    if (providers.length === 0) return ctx.redirect('/?signin=email');
    const provider = wanted ? providers.find((p) => p.id === wanted) : providers[0];
    if (!provider) throw badRequest('This sign-in provider is not available.', 'unknown_provider');
    ctx.redirect(`/api/auth/connect/${provider.id}`);
  });

  // grant redirects here after the code exchange (state already checked by grant).
  router.get('/callback', async (ctx) => {
    const session = ctx.session as { grant?: { provider?: string; response?: GrantResponse } } | null;
    const grant = session?.grant;
    if (session) delete session.grant;
    const response = grant?.response;
    try {
      if (!grant?.provider || !response || response.error || !response.profile) {
        throw new Error(`OAuth refused: ${JSON.stringify(response?.error ?? 'no response')}`);
      }
      const profile = await readProfile(grant.provider, response.profile, response.access_token);
      if (!profile) throw new Error('OAuth profile without a subject');
      const user = await oauth.signIn(grant.provider, profile);
      await startSession(ctx, config, user._id);
      ctx.redirect('/');
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'oauth sign-in failed');
      ctx.redirect('/?signin=failed');
    }
  });

  return router;
}
