import { Router } from '@koa/router';
import { API_PATHS } from '@shared/api';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { IDEMPOTENCY_KEY_RULE, idempotencyKeyOf } from '../../http/idempotency-key';
import { routeMounter } from '../../http/mount';
import { sendImage } from '../../http/send-image';
import { versionsService } from './versions.service';

/** A version's image never changes under its number: the owner's browser may keep it for a day. */
const VERSION_IMAGE_CACHE = 'private, max-age=86400';

export function versionsRoutes(deps: AppDeps): Router {
  const versions = versionsService(deps);
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);

  mount('get', API_PATHS.projectVersions, ({ user, params }) => versions.list(user._id, params.id));

  // An edit stores a new version: on a nearly full disk it is refused before a credit or a job.
  mount(
    'post',
    API_PATHS.projectEdits,
    ({ user, params, body }, ctx) =>
      versions.edit(user._id, params.id, body, idempotencyKeyOf(ctx, IDEMPOTENCY_KEY_RULE)),
    { before: [requireFreeSpace(deps.diskSpace)] },
  );

  mount('get', API_PATHS.projectVersionImage, async ({ user, params, query }, ctx) => {
    sendImage(ctx, await versions.image(user._id, params.id, params.number, query.size), VERSION_IMAGE_CACHE);
  });

  mount('patch', API_PATHS.projectVersion, ({ user, params }) =>
    versions.setCurrent(user._id, params.id, params.number),
  );

  mount('delete', API_PATHS.projectVersion, async ({ user, params }) => {
    await versions.remove(user._id, params.id, params.number);
    return { ok: true };
  });

  return router;
}
