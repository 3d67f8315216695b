import { Router } from '@koa/router';
import { API_PATHS, preferencesSchema } from '@shared/api';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TOO_LARGE, asSentence } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { requireFreeSpace } from '../../http/disk-guard';
import { sendImage } from '../../http/send-image';
import { routeMounter } from '../../http/mount';
import { endSession } from '../../http/session';
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
  const router = new Router();
  const mount = routeMounter(router, repos.users);

  mount('get', API_PATHS.userPreferences, async ({ user }) =>
    preferencesSchema.parse(await users.getPreferences(user._id)),
  );

  mount('put', API_PATHS.userPreferences, ({ user, body }) => users.updatePreferences(user._id, body));

  mount('get', API_PATHS.userAgentProfile, ({ user }) => users.getAgentProfile(user._id));

  mount('put', API_PATHS.userAgentProfile, ({ user, body }) => users.setAgentProfile(user._id, body));

  mount(
    'post',
    API_PATHS.userProfileImage,
    async ({ user }, ctx) => {
      const upload = () =>
        readUpload(ctx, {
          maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
          tooLargeMessage: asSentence(PROFILE_IMAGE_TOO_LARGE),
        });
      return toUserResponse(await users.setProfileImage(user._id, upload));
    },
    { before: [requireFreeSpace(deps.diskSpace)] },
  );

  mount('get', API_PATHS.userProfileImageById, async ({ user, params }, ctx) => {
    sendImage(ctx, await users.getProfileImage(user._id, params.id), PROFILE_IMAGE_CACHE);
  });

  mount('delete', API_PATHS.userAccount, async ({ user, body }, ctx) => {
    await users.deleteAccount(user._id, body.confirmationText);
    endSession(ctx, config);
    return { ok: true };
  });

  return router;
}
