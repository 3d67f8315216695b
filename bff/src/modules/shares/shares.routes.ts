import type { Context } from 'koa';
import { Router } from '@koa/router';
import {
  projectImageQuerySchema,
  shareImageParamsSchema,
  shareLinkSchema,
  shareParamsSchema,
} from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { publicOrigin } from '../../http/public-origin';
import { requireUserId } from '../../http/session';
import { enforceRateLimit } from '../limits/rate-limit';
import { serveProjectImage } from '../projects/project-images';
import { toPublicShare } from './share.mapper';
import { shareLinkOf, sharesService } from './shares.service';

const SHARE_WINDOW_MS = 15 * 60 * 1000;

/** Owner: create, read and revoke a project's share link. Anyone with the token: the read-only share. */
export function sharesRoutes({ config, repos, store }: AppDeps): Router {
  const shares = sharesService(repos);
  const router = new Router();
  const origin = (ctx: Context) => publicOrigin(ctx, config.PUBLIC_URL);

  router.get('/projects/:id/share', async (ctx) => {
    const token = await shares.tokenOf(requireUserId(ctx), ctx.params.id ?? '');
    ctx.body = { link: token ? shareLinkOf(origin(ctx), token) : null };
  });

  router.post('/projects/:id/share', async (ctx) => {
    const { token, created } = await shares.ensure(requireUserId(ctx), ctx.params.id ?? '');
    ctx.status = created ? 201 : 200;
    ctx.body = shareLinkSchema.parse(shareLinkOf(origin(ctx), token));
  });

  router.delete('/projects/:id/share', async (ctx) => {
    await shares.revoke(requireUserId(ctx), ctx.params.id ?? '');
    ctx.body = { ok: true };
  });

  // Public: never indexed, never cached (the API's no-store: a revoked link stops showing at once), limited per address.
  router.use('/shares', async (ctx, next) => {
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    await enforceRateLimit(repos, {
      key: `shares:ip:${ctx.ip}`,
      windowMs: SHARE_WINDOW_MS,
      max: config.SHARE_REQUESTS_PER_IP,
      message: 'Too many requests for shared photos from your network. Please try again in a few minutes.',
    });
    await next();
  });

  router.get('/shares/:token', async (ctx) => {
    const { token } = shareParamsSchema.parse(ctx.params);
    ctx.body = toPublicShare(await shares.resolve(token), token);
  });

  router.get('/shares/:token/images/:kind', async (ctx) => {
    const { token, kind } = shareImageParamsSchema.parse(ctx.params);
    const { variant } = projectImageQuerySchema.parse(ctx.query);
    const project = await shares.resolve(token);
    await serveProjectImage(ctx, store.blobs, project, kind, variant);
  });

  return router;
}
