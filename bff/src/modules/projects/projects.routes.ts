import type { Context } from 'koa';
import { Router } from '@koa/router';
import {
  NEXT_CURSOR_HEADER,
  UPLOAD_ACCOUNT_HEADER,
  downloadQuerySchema,
  encodeProjectCursor,
  projectListQuerySchema,
  projectImageParamsSchema,
  projectImageQuerySchema,
} from '@shared/api';
import { AUTHENTICATION_REQUIRED, UPLOAD_MAX_BYTES, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { publicOrigin } from '../../http/public-origin';
import { requireUserId, sessionUserId } from '../../http/session';
import { readUpload } from '../../images';
import { serveDownload, serveProjectImage } from './project-images';
import { toProjectResponse, toStatusResponse } from './project.mapper';
import { shareLinkOf, sharesService } from '../shares/shares.service';
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

/** Demo projects have no owner to share them, so no page for a QR code to point to. */
const LISTING_NEEDS_ACCOUNT =
  'Listing-ready downloads link to a share page of your project. Sign in and stage the photo in your workspace.';
/** The link is made by POST /share, never by this GET: a download must not publish a project. */
const LISTING_NEEDS_SHARE =
  "A listing-ready image links to the project's share page. Create the share link first, then download.";

/** Ids are never reused, so the owner's browser may keep a project image (privately) for a day. */
const OWNER_IMAGE_CACHE = 'private, max-age=86400';

export function projectsRoutes({
  config,
  repos,
  store,
  engine,
  jobSignal,
  diskSpace,
  intakeGate,
}: AppDeps): Router {
  const projects = projectsService(repos, store.blobs, engine, intakeGate);
  const shares = sharesService(repos);
  const router = new Router({ prefix: '/projects' });

  router.post('/', requireFreeSpace(diskSpace), async (ctx) => {
    const userId = requireUserId(ctx, asSentence(AUTHENTICATION_REQUIRED));
    const { project, created } = await projects.create(
      userId,
      idempotencyKeyOf(ctx),
      () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES }),
      ctx.get(UPLOAD_ACCOUNT_HEADER) || null,
    );
    if (created) jobSignal.notify();
    ctx.status = created ? 201 : 200;
    ctx.body = toProjectResponse(project);
  });

  router.get('/', async (ctx) => {
    const userId = requireUserId(ctx);
    const page = await projects.list(userId, projectListQuerySchema.parse(ctx.query));
    if (page.next) ctx.set(NEXT_CURSOR_HEADER, encodeProjectCursor(page.next));
    ctx.body = page.projects.map(toProjectResponse);
  });

  router.get('/:id', async (ctx) => {
    const project = await projects.readable(ctx.params.id ?? '', sessionUserId(ctx));
    ctx.body = toProjectResponse(project);
  });

  router.get('/:id/status', async (ctx) => {
    const project = await projects.readable(ctx.params.id ?? '', sessionUserId(ctx));
    ctx.body = toStatusResponse(project);
  });

  router.get('/:id/images/:kind', async (ctx) => {
    const { id, kind } = projectImageParamsSchema.parse(ctx.params);
    const { variant } = projectImageQuerySchema.parse(ctx.query);
    const project = await projects.readable(id, sessionUserId(ctx));
    await serveProjectImage(ctx, store.blobs, project, kind, variant, OWNER_IMAGE_CACHE);
  });

  router.get('/:id/download', async (ctx) => {
    const userId = sessionUserId(ctx);
    const query = downloadQuerySchema.parse(ctx.query);
    const project = await projects.readable(ctx.params.id ?? '', userId);
    if (query.format === 'listing' && (!userId || project.ownerId !== userId))
      throw forbidden(LISTING_NEEDS_ACCOUNT, 'listing_needs_account');
    const user = userId ? await repos.users.findById(userId) : null;
    // The QR code points to the project's live share link (only asked once the download is allowed).
    const listingUrl =
      query.format === 'listing' && userId
        ? async () => {
            const token = await shares.tokenOf(userId, project._id);
            if (!token) throw new AppError(409, 'not_shared', LISTING_NEEDS_SHARE);
            return shareLinkOf(publicOrigin(ctx, config.PUBLIC_URL), token).originalUrl;
          }
        : undefined;
    await serveDownload(ctx, store.blobs, project, user, query, listingUrl);
  });

  router.delete('/:id', async (ctx) => {
    await projects.remove(requireUserId(ctx), ctx.params.id ?? '');
    ctx.body = { ok: true };
  });

  return router;
}
