import { Router } from '@koa/router';
import { deleteAccountRequestSchema, preferencesSchema, preferencesUpdateSchema } from '@shared/api';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  asSentence,
  UPLOAD_MESSAGES,
} from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { cacheable } from '../../http/cache-control';
import { requireFreeSpace } from '../../http/disk-guard';
import { badRequest } from '../../http/errors';
import { requireUserId } from '../../http/session';
import { readUpload } from '../../images';
import { endSession } from '../../http/session';
import { cancelSubscriptionsHook } from '../billing/billing.service';
import { toUserResponse } from './user.mapper';
import { usersService } from './users.service';

/** Each new picture gets a new URL (`?v=`), so the owner's browser keeps one for good. */
const PROFILE_IMAGE_CACHE = 'private, max-age=31536000, immutable';

export function usersRoutes(deps: AppDeps): Router {
  const { config, repos, store, logger } = deps;
  const users = usersService(repos, store.blobs, logger, [
    cancelSubscriptionsHook(deps.stripe, repos, logger),
    ...(deps.accountDeletedHooks ?? []),
  ]);
  const router = new Router({ prefix: '/user' });

  router.get('/preferences', async (ctx) => {
    ctx.body = preferencesSchema.parse(await users.getPreferences(requireUserId(ctx)));
  });

  router.put('/preferences', async (ctx) => {
    const userId = requireUserId(ctx);
    ctx.body = await users.updatePreferences(userId, preferencesUpdateSchema.parse(ctx.request.body));
  });

  router.post('/profile-image', requireFreeSpace(deps.diskSpace), async (ctx) => {
    const userId = requireUserId(ctx);
    const user = await deps.intakeGate.run(userId, async () => {
      const upload = await readUpload(ctx, {
        maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
        tooLargeMessage: asSentence(PROFILE_IMAGE_TOO_LARGE),
      });
      if (!upload.file) throw badRequest(UPLOAD_MESSAGES.missingFile, 'missing_file');
      return users.setProfileImage(userId, upload.file);
    });
    ctx.body = toUserResponse(user);
  });

  router.get('/profile-image/:id', async (ctx) => {
    const blob = await users.getProfileImage(requireUserId(ctx), ctx.params.id ?? '');
    cacheable(ctx, PROFILE_IMAGE_CACHE);
    ctx.type = blob.contentType;
    ctx.body = blob.data;
  });

  router.delete('/account', async (ctx) => {
    const userId = requireUserId(ctx);
    await users.deleteAccount(
      userId,
      deleteAccountRequestSchema.parse(ctx.request.body ?? {}).confirmationText,
    );
    endSession(ctx, config);
    ctx.body = { ok: true };
  });

  return router;
}
