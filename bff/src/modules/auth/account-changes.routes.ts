import { Router } from '@koa/router';
import {
  PASSWORD_CHANGED,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  emailChangeSent,
  profileUpdateSchema,
} from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { appOrigin } from '../../config';
import { requireUserId, sessionId } from '../../http/session';
import { toUserResponse } from '../users';
import { accountChangesService } from './account-changes.service';

/** Settings: the name, a new password, a new email (confirmed from the new address). */
export function accountChangesRoutes(deps: AppDeps): Router {
  const account = accountChangesService(deps.repos, deps.mail);
  const router = new Router({ prefix: '/user' });

  router.patch('/profile', async (ctx) => {
    const userId = requireUserId(ctx);
    ctx.body = toUserResponse(
      await account.updateProfile(userId, profileUpdateSchema.parse(ctx.request.body)),
    );
  });

  router.post('/password', async (ctx) => {
    const userId = requireUserId(ctx);
    await account.changePassword(userId, sessionId(ctx), changePasswordSchema.parse(ctx.request.body));
    ctx.body = { message: PASSWORD_CHANGED };
  });

  router.post('/email', async (ctx) => {
    const userId = requireUserId(ctx);
    const input = changeEmailSchema.parse(ctx.request.body);
    await account.requestEmailChange(userId, input, appOrigin(deps.config));
    ctx.body = { message: emailChangeSent(input.email) };
  });

  router.post('/email/confirm', async (ctx) => {
    const { token } = confirmEmailSchema.parse(ctx.request.body);
    ctx.body = toUserResponse(await account.confirmEmailChange(token));
  });

  return router;
}
