import { Router } from '@koa/router';
import { API_PATHS, UPLOAD_ACCOUNT_HEADER } from '@shared/api';
import { AUTHENTICATION_REQUIRED, UPLOAD_MAX_BYTES, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { appOrigin } from '../../config';
import { routeMounter } from '../../http/mount';
import { sendImage } from '../../http/send-image';
import { readUpload } from '../../images';
import type { PropertiesService } from './properties.service';
import type { propertyDownloadService } from './property-download.service';
import type { roomsService } from './rooms.service';
import { sendZip } from './send-zip';

/** Ids are never reused and a room's photo never changes, so its owner's browser may keep it for a day. */
const OWNER_IMAGE_CACHE = 'private, max-age=86400';

/** The owner's properties and their rooms (every route 404s for anyone else). */
export function propertiesRoutes(
  deps: AppDeps,
  services: {
    properties: PropertiesService;
    rooms: ReturnType<typeof roomsService>;
    propertyDownload: ReturnType<typeof propertyDownloadService>;
  },
): Router {
  const { properties, rooms, propertyDownload: downloads } = services;
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);
  const upload = {
    before: [requireFreeSpace(deps.diskSpace)],
    signInMessage: asSentence(AUTHENTICATION_REQUIRED),
  };
  // The services check the body once the record is known to be the user's: nobody learns of it from a 400.
  const afterLookup = { deferBody: true };

  mount('get', API_PATHS.properties, ({ user }) => properties.list(user._id));

  mount(
    'post',
    API_PATHS.properties,
    async ({ user, body }, ctx) => {
      const { property, created } = await properties.create(
        user,
        body,
        ctx.get(UPLOAD_ACCOUNT_HEADER) || null,
      );
      if (!created) ctx.status = 200;
      return property;
    },
    upload,
  );

  mount('get', API_PATHS.property, ({ user, params }) => properties.read(user._id, params.id));

  mount(
    'patch',
    API_PATHS.property,
    ({ user, params }, ctx) => properties.update(user._id, params.id, ctx.request.body),
    afterLookup,
  );

  mount('delete', API_PATHS.property, ({ user, params, query }) =>
    properties.remove(user._id, params.id, query.keep === 'archive'),
  );

  mount('get', API_PATHS.propertyPublishedLinks, ({ user, params }) =>
    properties.publishedLinks(user._id, params.id),
  );

  mount('get', API_PATHS.propertyHandovers, ({ user, params }) => properties.handovers(user._id, params.id));

  mount(
    'post',
    API_PATHS.propertyRooms,
    async ({ user, params }, ctx) => {
      const readBody = () => readUpload(ctx, { maxFileBytes: UPLOAD_MAX_BYTES });
      const account = ctx.get(UPLOAD_ACCOUNT_HEADER) || null;
      const { room, created } = await rooms.add(user, params.id, readBody, account);
      if (!created) ctx.status = 200;
      return room;
    },
    upload,
  );

  mount(
    'patch',
    API_PATHS.propertyRoom,
    ({ user, params }, ctx) => rooms.setType(user._id, params.id, params.roomId, ctx.request.body),
    afterLookup,
  );

  mount('delete', API_PATHS.propertyRoom, async ({ user, params }) => {
    await rooms.remove(user._id, params.id, params.roomId);
    return { ok: true };
  });

  mount('get', API_PATHS.propertyRoomImage, async ({ user, params }, ctx) => {
    const image = await rooms.image(user._id, params.id, params.roomId, params.kind);
    sendImage(ctx, image, OWNER_IMAGE_CACHE);
  });

  mount('get', API_PATHS.propertyDownload, async ({ user, params, query }, ctx) => {
    sendZip(ctx, await downloads.zip(user._id, params.id, appOrigin(deps.config), query.mls));
  });

  return router;
}
