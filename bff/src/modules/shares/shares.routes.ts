import { Router } from '@koa/router';
import {
  projectImageQuerySchema,
  shareImageParamsSchema,
  shareLinkSchema,
  shareParamsSchema,
} from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { appOrigin } from '../../config';
import { sendImage } from '../../http/send-image';
import { requireUserId } from '../../http/session';
import { sharesService } from './shares.service';

/** Owner: create, read and revoke a project's share link. Anyone with the token: the read-only share. */
export function sharesRoutes(deps: AppDeps): Router {
  const shares = sharesService(deps);
  const router = new Router();
  const origin = appOrigin(deps.config);

  router.get('/projects/:id/share', async (ctx) => {
    ctx.body = { link: await shares.linkOf(requireUserId(ctx), ctx.params.id ?? '', origin) };
  });

  router.post('/projects/:id/share', async (ctx) => {
    const { link, created } = await shares.ensure(requireUserId(ctx), ctx.params.id ?? '', origin);
    ctx.status = created ? 201 : 200;
    ctx.body = shareLinkSchema.parse(link);
  });

  router.delete('/projects/:id/share', async (ctx) => {
    await shares.revoke(requireUserId(ctx), ctx.params.id ?? '');
    ctx.body = { ok: true };
  });

  // Public: never indexed, never cached (the API's no-store: a revoked link stops showing at once), limited per address.
  router.use('/shares', async (ctx, next) => {
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    await shares.countVisit(ctx.ip);
    await next();
  });

  router.get('/shares/:token', async (ctx) => {
    const { token } = shareParamsSchema.parse(ctx.params);
    ctx.body = await shares.view(token);
  });

  router.get('/shares/:token/agent-photo', async (ctx) => {
    sendImage(ctx, await shares.agentPhoto(shareParamsSchema.parse(ctx.params).token));
  });

  router.get('/shares/:token/images/:kind', async (ctx) => {
    const { token, kind } = shareImageParamsSchema.parse(ctx.params);
    const { variant } = projectImageQuerySchema.parse(ctx.query);
    sendImage(ctx, await shares.image(token, kind, variant));
  });

  return router;
}
