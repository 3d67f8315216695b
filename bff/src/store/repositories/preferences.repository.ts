import type { NotificationPreferences } from '@shared/domain';
import type { PreferencesDoc } from '../model/documents';
import type { DocCollection } from '../model/types';

/** One document per user, keyed by the user id. */
export function preferencesRepository(
  preferences: DocCollection<PreferencesDoc>,
  now: () => Date = () => new Date(),
) {
  return {
    /** The stored preferences, or null when the user never saved any (callers apply the defaults). */
    async get(userId: string): Promise<NotificationPreferences | null> {
      const doc = await preferences.findOne({ _id: userId });
      return doc
        ? { emailNotifications: doc.emailNotifications, inAppNotifications: doc.inAppNotifications }
        : null;
    },
    async put(userId: string, prefs: NotificationPreferences): Promise<void> {
      await preferences.updateOne(
        { _id: userId },
        {
          $set: {
            emailNotifications: prefs.emailNotifications,
            inAppNotifications: prefs.inAppNotifications,
            updatedAt: now(),
          },
        },
        { upsert: true },
      );
    },
    /** The MLS the user picked in Settings; null until they pick one. */
    async getMlsProfile(userId: string): Promise<string | null> {
      return (await preferences.findOne({ _id: userId }))?.mlsProfile ?? null;
    },
    async putMlsProfile(userId: string, mlsProfile: string): Promise<void> {
      await preferences.updateOne(
        { _id: userId },
        { $set: { mlsProfile, updatedAt: now() } },
        { upsert: true },
      );
    },
    async deleteForUser(userId: string): Promise<void> {
      await preferences.deleteMany({ _id: userId });
    },
  };
}
export type PreferencesRepository = ReturnType<typeof preferencesRepository>;
