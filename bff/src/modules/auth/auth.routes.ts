import { Router } from '@koa/router';
import {
  authProvidersSchema,
  loginRequestSchema,
  oauthLoginQuerySchema,
  PASSWORD_RESET_SENT,
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerConfirmSchema,
  registerRequestSchema,
  signUpSent,
} from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { appOrigin } from '../../config';
import {
  clearHint,
  endSession,
  refreshHint,
  requireUser,
  sessionId,
  sessionUserId,
  startSession,
  type SignedInState,
} from '../../http/session';
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
  const router = new Router({ prefix: '/auth' });

  // One answer and no session whether or not the address has an account: the mail tells them apart.
  router.post('/register', requireFreeSpace(deps.diskSpace), async (ctx) => {
    const input = registerRequestSchema.parse(ctx.request.body);
    await signUp.register(input, ctx.ip, appOrigin(config));
    ctx.status = 202;
    ctx.body = { message: signUpSent(input.email) };
  });

  router.post('/register/confirm', requireFreeSpace(deps.diskSpace), async (ctx) => {
    const user = await signUp.confirm(registerConfirmSchema.parse(ctx.request.body).token);
    await startSession(ctx, config, user._id);
    ctx.body = toUserResponse(user);
  });

  router.post('/login', async (ctx) => {
    const user = await auth.login(loginRequestSchema.parse(ctx.request.body), ctx.ip);
    await startSession(ctx, config, user._id);
    ctx.body = toUserResponse(user);
  });

  // One answer whether or not the address has an account, so the form cannot be used to probe for one.
  router.post('/password-reset', async (ctx) => {
    const { email } = passwordResetRequestSchema.parse(ctx.request.body);
    await reset.request(email, ctx.ip, appOrigin(config));
    ctx.status = 202;
    ctx.body = { message: PASSWORD_RESET_SENT };
  });

  router.post('/password-reset/check', async (ctx) => {
    const { token } = passwordResetCheckSchema.parse(ctx.request.body);
    ctx.body = { valid: await reset.check(token) };
  });

  router.post('/password-reset/confirm', async (ctx) => {
    const user = await reset.confirm(passwordResetConfirmSchema.parse(ctx.request.body));
    deps.liveEvents.sessionsChanged(user._id);
    await startSession(ctx, config, user._id);
    ctx.body = toUserResponse(user);
  });

  // The stored session goes before the answer, so the user's open event streams can be ended at once.
  router.post('/logout', async (ctx) => {
    const userId = sessionUserId(ctx);
    await auth.signOut(sessionId(ctx));
    endSession(ctx, config);
    if (userId) deps.liveEvents.sessionsChanged(userId);
    ctx.body = { ok: true };
  });

  // A 401 means the PWA's signed-in hint is stale: it goes, so the PWA stops asking.
  const signedIn = requireUser(repos.users, {
    message: 'You are not signed in.',
    onRefused: (ctx) => clearHint(ctx, config),
  });
  router.get<SignedInState>('/user', signedIn, (ctx) => {
    refreshHint(ctx, config);
    ctx.body = toUserResponse(ctx.state.user);
  });

  router.get('/providers', (ctx) => {
    ctx.body = authProvidersSchema.parse(oauth.providers());
  });

  // The sign-in button navigates here; with no provider configured the dialog's email form takes over.
  router.get('/login', (ctx) => {
    ctx.redirect(oauth.loginRedirect(oauthLoginQuerySchema.parse(ctx.query).provider));
  });

  // grant redirects here after the code exchange (state already checked by grant).
  router.get('/callback', async (ctx) => {
    const grant = takeGrantResult(ctx);
    ctx.redirect(await oauth.completeSignIn(grant, (user) => startSession(ctx, config, user._id)));
  });

  return router;
}
