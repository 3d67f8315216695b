import type { NotificationPreferences } from '@shared/domain';
import type { PreferencesDoc } from '../documents';
import type { DocCollection } from '../types';

export function preferencesRepository(preferences: DocCollection<PreferencesDoc>) {
  return {
    async get(userId: string): Promise<NotificationPreferences | null> {
      const doc = await preferences.findOne({ _id: userId });
      return doc
        ? { emailNotifications: doc.emailNotifications, inAppNotifications: doc.inAppNotifications }
        : null;
    },
    async put(userId: string, prefs: NotificationPreferences): Promise<void> {
      await preferences.updateOne(
        { _id: userId },
        { $set: { ...prefs, updatedAt: new Date() } },
        { upsert: true },
      );
    },
    async deleteForUser(userId: string): Promise<void> {
      await preferences.deleteMany({ _id: userId });
    },
  };
}
export type PreferencesRepository = ReturnType<typeof preferencesRepository>;
