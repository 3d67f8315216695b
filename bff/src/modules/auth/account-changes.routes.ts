import { Router } from '@koa/router';
import { API_PATHS, PASSWORD_CHANGED, emailChangeSent } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { appOrigin } from '../../config';
import { routeMounter } from '../../http/mount';
import { sessionId } from '../../http/session';
import { toUserResponse } from '../users';
import { accountChangesService } from './account-changes.service';

/** Settings: the name, a new password, a new email (confirmed from the new address). */
export function accountChangesRoutes(deps: AppDeps): Router {
  const account = accountChangesService(deps.repos, deps.mail);
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  mount('patch', API_PATHS.userProfile, async ({ user, body }) =>
    toUserResponse(await account.updateProfile(user._id, body)),
  );

  mount('post', API_PATHS.userPassword, async ({ user, body }, ctx) => {
    await account.changePassword(user._id, sessionId(ctx), body);
    return { message: PASSWORD_CHANGED };
  });

  mount('post', API_PATHS.userEmail, async ({ user, body }) => {
    await account.requestEmailChange(user._id, body, appOrigin(deps.config));
    return { message: emailChangeSent(body.email) };
  });

  mount('post', API_PATHS.userEmailConfirm, async ({ body }) =>
    toUserResponse(await account.confirmEmailChange(body.token)),
  );

  mount('post', API_PATHS.userEmailCancel, async ({ body }) => ({
    message: await account.cancelEmailChange(body.token),
  }));

  return router;
}
