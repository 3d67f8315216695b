import { Router } from '@koa/router';
import { editRequestSchema, setCurrentVersionSchema, versionParamsSchema } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { IDEMPOTENCY_KEY_RULE, idempotencyKeyOf } from '../../http/idempotency-key';
import { sendImage } from '../../http/send-image';
import { requireUserId } from '../../http/session';
import { versionsService } from './versions.service';

/** A version's image never changes under its number: the owner's browser may keep it for a day. */
const VERSION_IMAGE_CACHE = 'private, max-age=86400';

export function versionsRoutes(deps: AppDeps): Router {
  const versions = versionsService(deps);
  const router = new Router({ prefix: '/projects' });

  router.get('/:id/versions', async (ctx) => {
    ctx.body = await versions.list(requireUserId(ctx), ctx.params.id ?? '');
  });

  router.post('/:id/edits', async (ctx) => {
    const request = editRequestSchema.parse(ctx.request.body);
    ctx.status = 202;
    const key = idempotencyKeyOf(ctx, IDEMPOTENCY_KEY_RULE);
    ctx.body = await versions.edit(requireUserId(ctx), ctx.params.id ?? '', request, key);
  });

  router.get('/:id/versions/:number/image', async (ctx) => {
    const { id, number } = versionParamsSchema.parse(ctx.params);
    sendImage(ctx, await versions.image(requireUserId(ctx), id, number), VERSION_IMAGE_CACHE);
  });

  router.patch('/:id/versions/:number', async (ctx) => {
    const { id, number } = versionParamsSchema.parse(ctx.params);
    setCurrentVersionSchema.parse(ctx.request.body);
    ctx.body = await versions.setCurrent(requireUserId(ctx), id, number);
  });

  router.delete('/:id/versions/:number', async (ctx) => {
    const { id, number } = versionParamsSchema.parse(ctx.params);
    await versions.remove(requireUserId(ctx), id, number);
    ctx.body = { ok: true };
  });

  return router;
}
