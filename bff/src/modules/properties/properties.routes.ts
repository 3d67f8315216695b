import { Router } from '@koa/router';
import {
  UPLOAD_ACCOUNT_HEADER,
  createPropertyRequestSchema,
  deleteListingQuerySchema,
  propertyDownloadQuerySchema,
  roomImageParamsSchema,
} from '@shared/api';
import { AUTHENTICATION_REQUIRED, UPLOAD_MAX_BYTES, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { appOrigin } from '../../config';
import { sendImage } from '../../http/send-image';
import { requireUser, requireUserId, type SignedInState } from '../../http/session';
import { readUpload } from '../../images';
import { propertiesService } from './properties.service';
import { propertyDownloadService } from './property-download.service';
import { roomsService } from './rooms.service';
import { sendZip } from './send-zip';

/** Ids are never reused and a room's photo never changes, so its owner's browser may keep it for a day. */
const OWNER_IMAGE_CACHE = 'private, max-age=86400';

/** The owner's properties and their rooms (every route 404s for anyone else). */
export function propertiesRoutes(deps: AppDeps): Router {
  const properties = propertiesService(deps);
  const rooms = roomsService(deps);
  const downloads = propertyDownloadService(deps);
  const signedIn = requireUser(deps.repos.users, { message: asSentence(AUTHENTICATION_REQUIRED) });
  const freeSpace = requireFreeSpace(deps.diskSpace);
  const router = new Router({ prefix: '/properties' });
  const ids = (params: Record<string, string | undefined>) => [params.id ?? '', params.roomId ?? ''] as const;

  router.get('/', async (ctx) => {
    ctx.body = await properties.list(requireUserId(ctx));
  });

  router.post<SignedInState>('/', freeSpace, signedIn, async (ctx) => {
    const input = createPropertyRequestSchema.parse(ctx.request.body);
    const { property, created } = await properties.create(
      ctx.state.user,
      input,
      ctx.get(UPLOAD_ACCOUNT_HEADER) || null,
    );
    ctx.status = created ? 201 : 200;
    ctx.body = property;
  });

  router.get('/:id', async (ctx) => {
    ctx.body = await properties.read(requireUserId(ctx), ctx.params.id ?? '');
  });

  router.patch('/:id', async (ctx) => {
    ctx.body = await properties.update(requireUserId(ctx), ctx.params.id ?? '', ctx.request.body);
  });

  router.delete('/:id', async (ctx) => {
    const { keep } = deleteListingQuerySchema.parse(ctx.query);
    ctx.body = await properties.remove(requireUserId(ctx), ctx.params.id ?? '', keep === 'archive');
  });

  router.get('/:id/published-links', async (ctx) => {
    ctx.body = await properties.publishedLinks(requireUserId(ctx), ctx.params.id ?? '');
  });

  router.get('/:id/handovers', async (ctx) => {
    ctx.body = await properties.handovers(requireUserId(ctx), ctx.params.id ?? '');
  });

  router.post<SignedInState>('/:id/rooms', freeSpace, signedIn, async (ctx) => {
    const readBody = () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES });
    const account = ctx.get(UPLOAD_ACCOUNT_HEADER) || null;
    const { room, created } = await rooms.add(ctx.state.user, ctx.params.id ?? '', readBody, account);
    ctx.status = created ? 201 : 200;
    ctx.body = room;
  });

  router.patch('/:id/rooms/:roomId', async (ctx) => {
    ctx.body = await rooms.setType(requireUserId(ctx), ...ids(ctx.params), ctx.request.body);
  });

  router.delete('/:id/rooms/:roomId', async (ctx) => {
    await rooms.remove(requireUserId(ctx), ...ids(ctx.params));
    ctx.body = { ok: true };
  });

  router.get('/:id/rooms/:roomId/images/:kind', async (ctx) => {
    const { id, roomId, kind } = roomImageParamsSchema.parse(ctx.params);
    sendImage(ctx, await rooms.image(requireUserId(ctx), id, roomId, kind), OWNER_IMAGE_CACHE);
  });

  router.get('/:id/download', async (ctx) => {
    const origin = appOrigin(deps.config);
    const { mls } = propertyDownloadQuerySchema.parse(ctx.query);
    sendZip(ctx, await downloads.zip(requireUserId(ctx), ctx.params.id ?? '', origin, mls));
  });

  return router;
}
