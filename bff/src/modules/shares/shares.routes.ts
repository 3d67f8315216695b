import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { API_PATHS, shareLinkSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import type { SharesService } from './shares.service';
import { appOrigin } from '../../config';
import { routeMounter } from '../../http/mount';
import { sendImage } from '../../http/send-image';

/** Owner: create, read and revoke a project's share link. Anyone with the token: the read-only share. */
export function sharesRoutes(deps: AppDeps, { shares }: { shares: SharesService }): Router {
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);
  const origin = appOrigin(deps.config);

  mount('get', API_PATHS.projectShare, async ({ user, params }) => ({
    link: await shares.linkOf(user._id, params.id, origin),
  }));

  mount('post', API_PATHS.projectShare, async ({ user, params }, ctx) => {
    const { link, created } = await shares.ensure(user._id, params.id, origin);
    if (!created) ctx.status = 200;
    return shareLinkSchema.parse(link);
  });

  mount('delete', API_PATHS.projectShare, async ({ user, params }) => {
    await shares.revoke(user._id, params.id);
    return { ok: true };
  });

  // Public: never indexed, never cached (the API's no-store: a revoked link stops showing at once), limited per address.
  const visit: Middleware = async (ctx, next) => {
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    await shares.countVisit(ctx.ip);
    await next();
  };
  const visitor = { before: [visit] };

  mount('get', API_PATHS.shares, ({ params }) => shares.view(params.token), visitor);

  mount(
    'get',
    API_PATHS.shareAgentPhoto,
    async ({ params }, ctx) => sendImage(ctx, await shares.agentPhoto(params.token)),
    visitor,
  );

  mount(
    'get',
    API_PATHS.shareImage,
    async ({ params, query }, ctx) =>
      sendImage(ctx, await shares.image(params.token, params.kind, query.variant)),
    visitor,
  );

  return router;
}
