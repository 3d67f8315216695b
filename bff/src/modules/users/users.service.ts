import type { AgentProfile, Preferences, PreferencesUpdate } from '@shared/api';
import {
  DEFAULT_PREFERENCES,
  mlsProfileIdOf,
  DELETE_ACCOUNT_CONFIRMATION,
  INVALID_DELETE_CONFIRMATION,
  PROFILE_IMAGE_INVALID_TYPE,
  asSentence,
} from '@shared/domain';
import type { Logger } from '../../config';
import { badRequest, notFound } from '../../http/errors';
import { intakeProfileImage, type ImageReader, type IntakeGate, type Upload } from '../../images';
import { removeAllProperties } from '../properties';
import { agentProfileOf } from '../shares';
import {
  profileImageKey,
  projectBlobPrefix,
  userBlobPrefix,
  type BlobStore,
  type Repositories,
  type UserDoc,
} from '../../store';
import type { AccountDeletedHook } from '../../app-deps';

export interface UsersServiceDeps {
  repos: Repositories;
  blobs: BlobStore;
  /** Profile pictures as bytes or links (S3_DELIVERY). */
  readImage: ImageReader;
  logger: Logger;
  intakeGate: IntakeGate;
  onAccountDeleted?: AccountDeletedHook[];
}

export function usersService({
  repos,
  blobs,
  logger,
  intakeGate,
  readImage,
  onAccountDeleted = [],
}: UsersServiceDeps) {
  async function requireUser(userId: string): Promise<UserDoc> {
    const user = await repos.users.findById(userId);
    if (!user) throw notFound('This account no longer exists.');
    return user;
  }

  async function getPreferences(userId: string): Promise<Preferences> {
    const notifications = (await repos.preferences.get(userId)) ?? DEFAULT_PREFERENCES;
    return { ...notifications, mlsProfile: mlsProfileIdOf(await repos.preferences.getMlsProfile(userId)) };
  }

  return {
    requireUser,

    getPreferences,

    /** Each group is replaced whole; a group not sent keeps its stored value. */
    async updatePreferences(userId: string, update: PreferencesUpdate): Promise<Preferences> {
      const current = (await repos.preferences.get(userId)) ?? DEFAULT_PREFERENCES;
      const next = {
        emailNotifications: update.emailNotifications ?? current.emailNotifications,
        inAppNotifications: update.inAppNotifications ?? current.inAppNotifications,
      };
      await repos.preferences.put(userId, next);
      if (update.mlsProfile) await repos.preferences.putMlsProfile(userId, update.mlsProfile);
      return getPreferences(userId);
    },

    /** The picture is read and decoded only in an intake slot, like a room photo. */
    setProfileImage(userId: string, readBody: () => Promise<Upload>): Promise<UserDoc> {
      return intakeGate.readPhoto(userId, readBody, async (file) => {
        const user = await requireUser(userId);
        const image = await intakeProfileImage(file, asSentence(PROFILE_IMAGE_INVALID_TYPE));
        const key = profileImageKey(user._id);
        await blobs.put(key, image.data, image.contentType);
        const updated = await repos.users.update(user._id, {
          profileImageKey: key,
          profileImageVersion: user.profileImageVersion + 1,
        });
        return updated ?? user;
      });
    },

    /** What buyers see of the agent, as saved in Settings. */
    async getAgentProfile(userId: string): Promise<AgentProfile> {
      return agentProfileOf(await requireUser(userId));
    },

    async setAgentProfile(userId: string, profile: AgentProfile): Promise<AgentProfile> {
      await requireUser(userId);
      return agentProfileOf(await repos.users.update(userId, { agentProfile: profile }));
    },

    /** Profile pictures are shown only to their owner. */
    async getProfileImage(requesterId: string, userId: string) {
      if (requesterId !== userId) throw notFound('Not found.');
      const user = await requireUser(userId);
      const image = user.profileImageKey ? await readImage(user.profileImageKey, 'private') : null;
      if (!image) throw notFound('Not found.');
      return image;
    },

    async deleteAccount(userId: string, confirmationText: string): Promise<void> {
      if (confirmationText !== DELETE_ACCOUNT_CONFIRMATION)
        throw badRequest(asSentence(INVALID_DELETE_CONFIRMATION), 'invalid_confirmation');
      const user = await requireUser(userId);
      for (const hook of onAccountDeleted) await hook(user);
      const projects = await repos.projects.deleteAllForOwner(user._id);
      for (const p of projects) {
        // The recorded keys and the project's folder, whichever layout the images were stored in.
        const keys = [p.images.original, p.images.thumb, ...p.images.staged].filter(Boolean);
        await Promise.all(keys.map((key) => blobs.delete(key)));
        await blobs.deletePrefix(projectBlobPrefix(p._id));
      }
      // After the projects: the stagings of rooms went with them, so this removes rooms, photos and shares.
      const properties = await removeAllProperties(repos, blobs, user._id);
      await blobs.deletePrefix(userBlobPrefix(user._id));
      await Promise.all([
        repos.preferences.deleteForUser(user._id),
        repos.usage.deleteForUser(user._id),
        repos.idempotency.deleteForUser(user._id),
        repos.sessions.destroyAllForUser(user._id),
        repos.passwordResets.deleteForUser(user._id),
        repos.pushSubscriptions.deleteForUser(user._id),
        repos.apiKeys.deleteForUser(user._id),
        repos.webhooks.deleteForUser(user._id),
        repos.originalLinks.deleteForOwner(user._id),
        repos.handovers.deleteForOwner(user._id),
        repos.providerCalls.forgetProjects(projects.map((p) => p._id)),
        repos.mailOutbox.deleteForAddress(user.email),
      ]);
      await repos.users.delete(user._id);
      logger.info({ userId: user._id, projects: projects.length, properties }, 'account deleted');
    },
  };
}
export type UsersService = ReturnType<typeof usersService>;
