import { DEFAULT_LOCAL_SETTINGS, localSettingsSchema, type LocalSettings } from '@shared/domain';
import { getSetting, setSetting } from '../db';

const KEY = 'local-settings';

/** The device-only settings; anything missing or malformed falls back to its default, field by field. */
export async function readLocalSettings(): Promise<LocalSettings> {
  const stored = await getSetting(KEY);
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = { ...DEFAULT_LOCAL_SETTINGS };
  for (const [field, schema] of Object.entries(localSettingsSchema.shape)) {
    const parsed = schema.safeParse(record[field]);
    if (parsed.success) result[field] = parsed.data;
  }
  return localSettingsSchema.parse(result);
}

export async function writeLocalSettings(settings: LocalSettings): Promise<LocalSettings> {
  const valid = localSettingsSchema.parse(settings);
  await setSetting(KEY, valid);
  return valid;
}
