import { Router } from '@koa/router';
import {
  EXPORT_SOURCE_EDGE_HEADER,
  EXPORT_SOURCE_HEADER,
  NEXT_CURSOR_HEADER,
  UPLOAD_ACCOUNT_HEADER,
  deleteListingQuerySchema,
  downloadQuerySchema,
  encodeProjectCursor,
  projectListQuerySchema,
  projectImageParamsSchema,
  projectImageQuerySchema,
  renameProjectRequestSchema,
} from '@shared/api';
import { AUTHENTICATION_REQUIRED, UPLOAD_MAX_BYTES, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { IDEMPOTENCY_KEY_RULE, idempotencyKeyOf } from '../../http/idempotency-key';
import { appOrigin } from '../../config';
import { sendImage } from '../../http/send-image';
import { requireUser, requireUserId, sessionUserId, type SignedInState } from '../../http/session';
import { readUpload } from '../../images';
import { downloadsService } from './downloads.service';
import { toProjectResponse, toStatusResponse } from './project.mapper';
import { projectsService } from './projects.service';
import { structureChoiceService } from './structure-choice.service';

/** Ids are never reused, so the owner's browser may keep a project image (privately) for a day. */
const OWNER_IMAGE_CACHE = 'private, max-age=86400';

export function projectsRoutes(deps: AppDeps): Router {
  const { config, repos, diskSpace } = deps;
  const projects = projectsService(deps);
  const downloads = downloadsService(deps);
  const choice = structureChoiceService(deps, projects);
  const signedIn = requireUser(repos.users, { message: asSentence(AUTHENTICATION_REQUIRED) });
  const router = new Router({ prefix: '/projects' });

  router.post<SignedInState>('/', requireFreeSpace(diskSpace), signedIn, async (ctx) => {
    const { project, created } = await projects.create(
      ctx.state.user,
      idempotencyKeyOf(ctx, IDEMPOTENCY_KEY_RULE),
      () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }),
      ctx.get(UPLOAD_ACCOUNT_HEADER) || null,
    );
    ctx.status = created ? 201 : 200;
    ctx.body = toProjectResponse(project);
  });

  router.get('/', async (ctx) => {
    const page = await projects.list(requireUserId(ctx), projectListQuerySchema.parse(ctx.query));
    if (page.next) ctx.set(NEXT_CURSOR_HEADER, encodeProjectCursor(page.next));
    ctx.body = page.projects.map(toProjectResponse);
  });

  router.get('/:id', async (ctx) => {
    ctx.body = toProjectResponse(await projects.readable(ctx.params.id ?? '', sessionUserId(ctx)));
  });

  router.get('/:id/status', async (ctx) => {
    ctx.body = toStatusResponse(await projects.readable(ctx.params.id ?? '', sessionUserId(ctx)));
  });

  router.get('/:id/images/:kind', async (ctx) => {
    const { id, kind } = projectImageParamsSchema.parse(ctx.params);
    const { variant } = projectImageQuerySchema.parse(ctx.query);
    sendImage(ctx, await projects.image(id, sessionUserId(ctx), kind, variant), OWNER_IMAGE_CACHE);
  });

  router.get('/:id/download', async (ctx) => {
    const query = downloadQuerySchema.parse(ctx.query);
    const origin = appOrigin(config);
    const download = await downloads.download(ctx.params.id ?? '', sessionUserId(ctx), query, origin);
    if (download.export4k) {
      ctx.set(EXPORT_SOURCE_HEADER, download.export4k.source);
      ctx.set(EXPORT_SOURCE_EDGE_HEADER, String(download.export4k.sourceLongEdge));
    }
    sendImage(ctx, download);
  });

  router.get('/:id/export-4k', async (ctx) => {
    ctx.body = await downloads.export4kPlan(ctx.params.id ?? '', sessionUserId(ctx));
  });

  router.get('/:id/published-links', async (ctx) => {
    ctx.body = await projects.publishedLinks(requireUserId(ctx), ctx.params.id ?? '');
  });

  router.get('/:id/handovers', async (ctx) => {
    ctx.body = await projects.handovers(requireUserId(ctx), ctx.params.id ?? '');
  });

  router.post('/:id/concept', async (ctx) => {
    ctx.body = toProjectResponse(await choice.keepAsConcept(requireUserId(ctx), ctx.params.id ?? ''));
  });

  router.post<SignedInState>('/:id/restage', requireFreeSpace(diskSpace), signedIn, async (ctx) => {
    const { project } = await choice.restage(ctx.state.user, ctx.params.id ?? '');
    ctx.status = 201;
    ctx.body = toProjectResponse(project);
  });

  router.patch('/:id', async (ctx) => {
    const { name } = renameProjectRequestSchema.parse(ctx.request.body);
    ctx.body = toProjectResponse(await projects.rename(requireUserId(ctx), ctx.params.id ?? '', name));
  });

  router.delete('/:id', async (ctx) => {
    const { keep } = deleteListingQuerySchema.parse(ctx.query);
    await projects.remove(requireUserId(ctx), ctx.params.id ?? '', keep === 'archive');
    ctx.body = { ok: true };
  });

  return router;
}
