import { z } from 'zod';
import { DEFAULT_DOWNLOAD_FORMAT, DOWNLOAD_FORMATS } from './sharing';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE_PRESET, roomTypeSchema, stylePresetSchema } from './staging';

export const IMAGE_QUALITIES = ['high', 'medium', 'low'] as const;
export type ImageQuality = (typeof IMAGE_QUALITIES)[number];
export const imageQualitySchema = z.enum(IMAGE_QUALITIES);
export const IMAGE_QUALITY_LABELS = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
} as const satisfies Record<ImageQuality, string>;
export const DEFAULT_IMAGE_QUALITY: ImageQuality = 'high';

// Here, not beside the formats: the landing reads sharing's constants and must not load zod with them.
export const downloadFormatSchema = z.enum(DOWNLOAD_FORMATS);

/** Kept on the device only, sent nowhere. */
export const localSettingsSchema = z.object({
  imageQuality: imageQualitySchema,
  defaultRoomType: roomTypeSchema,
  defaultStyle: stylePresetSchema,
  autoSave: z.boolean(),
  showNotifications: z.boolean(),
  /** The workspace's last Download choice: plain or listing-ready. */
  downloadFormat: downloadFormatSchema,
});
export type LocalSettings = z.infer<typeof localSettingsSchema>;
export const DEFAULT_LOCAL_SETTINGS: LocalSettings = {
  imageQuality: DEFAULT_IMAGE_QUALITY,
  defaultRoomType: DEFAULT_ROOM_TYPE,
  defaultStyle: DEFAULT_STYLE_PRESET,
  autoSave: true,
  showNotifications: true,
  downloadFormat: DEFAULT_DOWNLOAD_FORMAT,
};
/** Reads settings saved by an older or damaged build: every missing or invalid field falls back to its default. */
export function parseLocalSettings(value: unknown): LocalSettings {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const result = {} as Record<keyof LocalSettings, unknown>;
  for (const key of Object.keys(DEFAULT_LOCAL_SETTINGS) as (keyof LocalSettings)[]) {
    const field = localSettingsSchema.shape[key].safeParse(stored[key]);
    result[key] = field.success ? field.data : DEFAULT_LOCAL_SETTINGS[key];
  }
  return result as LocalSettings;
}

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
export const CONTACT_CATEGORY_LABELS = {
  general: 'General Question',
  technical: 'Technical Support',
  billing: 'Billing & Subscriptions',
  feature: 'Feature Request',
  bug: 'Bug Report',
  partnership: 'Partnership Inquiry',
} as const satisfies Record<ContactCategory, string>;
export const DEFAULT_CONTACT_CATEGORY: ContactCategory = 'general';
