import { Router } from '@koa/router';
import { API_PATHS, authProvidersSchema, PASSWORD_RESET_SENT, signUpSent } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { appOrigin } from '../../config';
import { routeMounter } from '../../http/mount';
import { clearHint, endSession, refreshHint, sessionId, startSession } from '../../http/session';
import { toUserResponse } from '../users';
import { authLimits, authService } from './auth.service';
import { takeGrantResult } from './oauth-middleware';
import { oauthService } from './oauth.service';
import { passwordResetService } from './password-reset.service';
import { signUpService } from './sign-up.service';

export function authRoutes(deps: AppDeps): Router {
  const { config, repos, logger } = deps;
  const auth = authService(repos, authLimits(config));
  const signUp = signUpService(repos, deps.mail, config, authLimits(config));
  const oauth = oauthService(repos, config, logger);
  const reset = passwordResetService(repos, deps.mail, config);
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  // One answer and no session whether or not the address has an account: the mail tells them apart.
  mount(
    'post',
    API_PATHS.authRegister,
    async ({ body }, ctx) => {
      await signUp.register(body, ctx.ip, appOrigin(config));
      return { message: signUpSent(body.email) };
    },
    { before: [requireFreeSpace(deps.diskSpace)] },
  );

  mount(
    'post',
    API_PATHS.authRegisterConfirm,
    async ({ body, userId }, ctx) => {
      const user = await signUp.confirm(body, userId);
      await startSession(ctx, config, user._id);
      return toUserResponse(user);
    },
    { before: [requireFreeSpace(deps.diskSpace)] },
  );

  mount('post', API_PATHS.authRegisterCheck, ({ body }) => signUp.check(body.token));

  mount('post', API_PATHS.authLogin, async ({ body }, ctx) => {
    const user = await auth.login(body, ctx.ip);
    await startSession(ctx, config, user._id);
    return toUserResponse(user);
  });

  // One answer whether or not the address has an account, so the form cannot be used to probe for one.
  mount('post', API_PATHS.passwordReset, async ({ body }, ctx) => {
    await reset.request(body.email, ctx.ip, appOrigin(config));
    return { message: PASSWORD_RESET_SENT };
  });

  mount('post', API_PATHS.passwordResetCheck, async ({ body }) => ({
    valid: await reset.check(body.token),
  }));

  mount('post', API_PATHS.passwordResetConfirm, async ({ body }, ctx) => {
    const user = await reset.confirm(body);
    deps.liveEvents.sessionsChanged(user._id);
    await startSession(ctx, config, user._id);
    return toUserResponse(user);
  });

  // The stored session goes before the answer, so the user's open event streams can be ended at once.
  mount('post', API_PATHS.authLogout, async ({ userId }, ctx) => {
    await auth.signOut(sessionId(ctx));
    endSession(ctx, config);
    if (userId) deps.liveEvents.sessionsChanged(userId);
    return { ok: true };
  });

  // A 401 means the PWA's signed-in hint is stale: it goes, so the PWA stops asking.
  mount(
    'get',
    API_PATHS.authUser,
    ({ user }, ctx) => {
      refreshHint(ctx, config);
      return toUserResponse(user);
    },
    { signInMessage: 'You are not signed in.', onRefused: (ctx) => clearHint(ctx, config) },
  );

  mount('get', API_PATHS.authProviders, () => authProvidersSchema.parse(oauth.providers()));

  // The sign-in button navigates here; with no provider configured the dialog's email form takes over.
  mount('get', API_PATHS.authLogin, ({ query }, ctx) => {
    ctx.redirect(oauth.loginRedirect(query.provider));
  });

  // grant redirects here after the code exchange (state already checked by grant).
  mount('get', API_PATHS.authCallback, async (_input, ctx) => {
    const grant = takeGrantResult(ctx);
    ctx.redirect(await oauth.completeSignIn(grant, (user) => startSession(ctx, config, user._id)));
  });

  return router;
}
