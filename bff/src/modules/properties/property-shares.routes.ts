import { Router } from '@koa/router';
import { propertyShareImageParamsSchema, propertyShareLinkSchema, shareParamsSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { appOrigin } from '../../config';
import { sendImage } from '../../http/send-image';
import { requireUserId } from '../../http/session';
import { propertySharesService } from './property-shares.service';

/** Owner: create, read and revoke a property's buyer link. Anyone with the token: the buyers' view. */
export function propertySharesRoutes(deps: AppDeps): Router {
  const shares = propertySharesService(deps);
  const router = new Router();
  const origin = appOrigin(deps.config);

  router.get('/properties/:id/share', async (ctx) => {
    ctx.body = { link: await shares.linkOf(requireUserId(ctx), ctx.params.id ?? '', origin) };
  });

  router.post('/properties/:id/share', async (ctx) => {
    const { link, created } = await shares.ensure(requireUserId(ctx), ctx.params.id ?? '', origin);
    ctx.status = created ? 201 : 200;
    ctx.body = propertyShareLinkSchema.parse(link);
  });

  router.delete('/properties/:id/share', async (ctx) => {
    await shares.revoke(requireUserId(ctx), ctx.params.id ?? '');
    ctx.body = { ok: true };
  });

  // Public: never indexed, never cached (the API's no-store: a revoked link stops showing at once), limited per address.
  router.use('/property-shares', async (ctx, next) => {
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    await shares.countVisit(ctx.ip);
    await next();
  });

  router.get('/property-shares/:token', async (ctx) => {
    ctx.body = await shares.view(shareParamsSchema.parse(ctx.params).token);
  });

  router.get('/property-shares/:token/agent-photo', async (ctx) => {
    sendImage(ctx, await shares.agentPhoto(shareParamsSchema.parse(ctx.params).token));
  });

  router.get('/property-shares/:token/rooms/:roomId/:kind', async (ctx) => {
    const { token, roomId, kind } = propertyShareImageParamsSchema.parse(ctx.params);
    sendImage(ctx, await shares.image(token, roomId, kind));
  });

  return router;
}
