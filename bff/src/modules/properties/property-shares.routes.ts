import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { API_PATHS, propertyShareLinkSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import type { propertySharesService } from './property-shares.service';
import { appOrigin } from '../../config';
import { routeMounter } from '../../http/mount';
import { sendImage } from '../../http/send-image';

/** Owner: create, read and revoke a property's buyer link. Anyone with the token: the buyers' view. */
export function propertySharesRoutes(
  deps: AppDeps,
  services: { propertyShares: ReturnType<typeof propertySharesService> },
): Router {
  const shares = services.propertyShares;
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);
  const origin = appOrigin(deps.config);

  mount('get', API_PATHS.propertyShare, async ({ user, params }) => ({
    link: await shares.linkOf(user._id, params.id, origin),
  }));

  mount('post', API_PATHS.propertyShare, async ({ user, params }, ctx) => {
    const { link, created } = await shares.ensure(user._id, params.id, origin);
    if (!created) ctx.status = 200;
    return propertyShareLinkSchema.parse(link);
  });

  mount('delete', API_PATHS.propertyShare, async ({ user, params }) => {
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

  mount('get', API_PATHS.propertyShares, ({ params }) => shares.view(params.token), visitor);

  mount(
    'get',
    API_PATHS.propertyShareAgentPhoto,
    async ({ params }, ctx) => sendImage(ctx, await shares.agentPhoto(params.token)),
    visitor,
  );

  mount(
    'get',
    API_PATHS.propertyShareRoomImage,
    async ({ params }, ctx) => sendImage(ctx, await shares.image(params.token, params.roomId, params.kind)),
    visitor,
  );

  return router;
}
