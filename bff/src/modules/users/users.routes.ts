import { Router } from '@koa/router';
import {
  agentProfileSchema,
  deleteAccountRequestSchema,
  preferencesSchema,
  preferencesUpdateSchema,
} from '@shared/api';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TOO_LARGE, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { sendImage } from '../../http/send-image';
import { endSession, requireUserId } from '../../http/session';
import { imageReader, readUpload } from '../../images';
import { cancelSubscriptionsHook } from '../billing';
import { toUserResponse } from './user.mapper';
import { usersService } from './users.service';

/** Each new picture gets a new URL (`?v=`), so the owner's browser keeps one for good. */
const PROFILE_IMAGE_CACHE = 'private, max-age=31536000, immutable';

export function usersRoutes(deps: AppDeps): Router {
  const { config, repos, store, logger } = deps;
  const users = usersService({
    repos,
    blobs: store.blobs,
    readImage: imageReader(store.blobs, config),
    logger,
    intakeGate: deps.intakeGate,
    onAccountDeleted: [
      cancelSubscriptionsHook(deps.stripe, repos, logger),
      ...(deps.accountDeletedHooks ?? []),
    ],
  });
  const router = new Router({ prefix: '/user' });

  router.get('/preferences', async (ctx) => {
    ctx.body = preferencesSchema.parse(await users.getPreferences(requireUserId(ctx)));
  });

  router.put('/preferences', async (ctx) => {
    const userId = requireUserId(ctx);
    ctx.body = await users.updatePreferences(userId, preferencesUpdateSchema.parse(ctx.request.body));
  });

  router.get('/agent-profile', async (ctx) => {
    ctx.body = await users.getAgentProfile(requireUserId(ctx));
  });

  router.put('/agent-profile', async (ctx) => {
    const userId = requireUserId(ctx);
    ctx.body = await users.setAgentProfile(userId, agentProfileSchema.parse(ctx.request.body));
  });

  router.post('/profile-image', requireFreeSpace(deps.diskSpace), async (ctx) => {
    const user = await users.setProfileImage(requireUserId(ctx), () =>
      readUpload(ctx, {
        maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
        tooLargeMessage: asSentence(PROFILE_IMAGE_TOO_LARGE),
      }),
    );
    ctx.body = toUserResponse(user);
  });

  router.get('/profile-image/:id', async (ctx) => {
    sendImage(ctx, await users.getProfileImage(requireUserId(ctx), ctx.params.id ?? ''), PROFILE_IMAGE_CACHE);
  });

  router.delete('/account', async (ctx) => {
    const userId = requireUserId(ctx);
    const { confirmationText } = deleteAccountRequestSchema.parse(ctx.request.body ?? {});
    await users.deleteAccount(userId, confirmationText);
    endSession(ctx, config);
    ctx.body = { ok: true };
  });

  return router;
}
