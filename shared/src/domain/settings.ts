import { z } from 'zod';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE_PRESET, roomTypeSchema, stylePresetSchema } from './staging';

export const IMAGE_QUALITIES = ['high', 'medium', 'low'] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];
export const IMAGE_QUALITY_LABELS: Record<ImageQuality, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** Kept on the device only (spec section 3). */
export const localSettingsSchema = z.object({
  imageQuality: z.enum(IMAGE_QUALITIES),
  defaultRoomType: roomTypeSchema,
  defaultStyle: stylePresetSchema,
  autoSave: z.boolean(),
  showNotifications: z.boolean(),
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;
export const DEFAULT_LOCAL_SETTINGS: LocalSettings = {
  imageQuality: 'high',
  defaultRoomType: DEFAULT_ROOM_TYPE,
  defaultStyle: DEFAULT_STYLE_PRESET,
  autoSave: true,
  showNotifications: true,
};

export const emailNotificationsSchema = z.object({
  project_completed: z.boolean(),
  subscription_updates: z.boolean(),
  marketing: z.boolean(),
});
export const inAppNotificationsSchema = z.object({
  project_completed: z.boolean(),
  tips: z.boolean(),
});
export const notificationPreferencesSchema = z.object({
  emailNotifications: emailNotificationsSchema,
  inAppNotifications: inAppNotificationsSchema,
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  emailNotifications: { project_completed: true, subscription_updates: true, marketing: false },
  inAppNotifications: { project_completed: true, tips: true },
};

export const CONTACT_CATEGORIES = [
  'general',
  'technical',
  'billing',
  'feature',
  'bug',
  'partnership',
] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export const contactCategorySchema = z.enum(CONTACT_CATEGORIES);
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General Question',
  technical: 'Technical Support',
  billing: 'Billing & Subscriptions',
  feature: 'Feature Request',
  bug: 'Bug Report',
  partnership: 'Partnership Inquiry',
};
export const DEFAULT_CONTACT_CATEGORY: ContactCategory = 'general';
