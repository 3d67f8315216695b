import type { Context } from 'koa';
import { Router } from '@koa/router';
import { downloadQuerySchema, projectImageParamsSchema, projectImageQuerySchema } from '@shared/api';
import { AUTHENTICATION_REQUIRED, UPLOAD_MAX_BYTES, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../http/errors';
import { requireUserId, sessionUserId } from '../../http/session-user';
import { readUpload } from '../../images';
import { serveDownload, serveProjectImage } from './project-images';
import { toProjectResponse, toStatusResponse } from './project.mapper';
import { projectsService } from './projects.service';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

function idempotencyKeyOf(ctx: Context): string | null {
  const raw = ctx.get('Idempotency-Key');
  if (!raw) return null;
  if (!IDEMPOTENCY_KEY.test(raw))
    throw badRequest(
      'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
      'bad_idempotency_key',
    );
  return raw;
}

export function projectsRoutes({ repos, store, engine, jobSignal }: AppDeps): Router {
  const projects = projectsService(repos, store.blobs, engine);
  const router = new Router({ prefix: '/projects' });
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');

  router.post('/', async (ctx) => {
    const userId = requireUserId(ctx, asSentence(AUTHENTICATION_REQUIRED));
    const { project, created } = await projects.create(userId, idempotencyKeyOf(ctx), () =>
      readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }),
    );
    if (created) jobSignal.notify();
    noStore(ctx);
    ctx.status = created ? 201 : 200;
    ctx.body = toProjectResponse(project);
  });

  router.get('/', async (ctx) => {
    const userId = requireUserId(ctx);
    noStore(ctx);
    ctx.body = (await projects.list(userId)).map(toProjectResponse);
  });

  router.get('/:id', async (ctx) => {
    const project = await projects.readable(ctx.params.id ?? '', sessionUserId(ctx));
    noStore(ctx);
    ctx.body = toProjectResponse(project);
  });

  router.get('/:id/status', async (ctx) => {
    const project = await projects.readable(ctx.params.id ?? '', sessionUserId(ctx));
    noStore(ctx);
    ctx.body = toStatusResponse(project);
  });

  router.get('/:id/images/:kind', async (ctx) => {
    const { id, kind } = projectImageParamsSchema.parse(ctx.params);
    const { variant } = projectImageQuerySchema.parse(ctx.query);
    const project = await projects.readable(id, sessionUserId(ctx));
    await serveProjectImage(ctx, store.blobs, project, kind, variant);
  });

  router.get('/:id/download', async (ctx) => {
    const userId = sessionUserId(ctx);
    const project = await projects.readable(ctx.params.id ?? '', userId);
    const user = userId ? await repos.users.findById(userId) : null;
    await serveDownload(ctx, store.blobs, project, user, downloadQuerySchema.parse(ctx.query));
  });

  router.delete('/:id', async (ctx) => {
    await projects.remove(requireUserId(ctx), ctx.params.id ?? '');
    ctx.body = { ok: true };
  });

  return router;
}
