import { DEFAULT_LOCAL_SETTINGS } from '@shared/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, setSetting } from '../db';
import { readLocalSettings, writeLocalSettings } from './local-settings';

describe('local settings in IndexedDB', () => {
  afterEach(async () => {
    await setSetting('local-settings', undefined);
    await closeDb();
  });

  it('gives the defaults before anything is saved', async () => {
    expect(await readLocalSettings()).toEqual(DEFAULT_LOCAL_SETTINGS);
  });

  it('keeps what was written across connections', async () => {
    const saved = {
      ...DEFAULT_LOCAL_SETTINGS,
      imageQuality: 'low' as const,
      defaultRoomType: 'kitchen' as const,
    };
    await writeLocalSettings(saved);
    await closeDb();
    expect(await readLocalSettings()).toEqual(saved);
  });

  it('falls back field by field when the stored value is partly wrong', async () => {
    await setSetting('local-settings', { defaultStyle: 'industrial', imageQuality: 'ultra' });
    const read = await readLocalSettings();
    expect(read.imageQuality).toBe('high');
    expect(read.defaultStyle).toBe('industrial');
    expect(read.defaultRoomType).toBe(DEFAULT_LOCAL_SETTINGS.defaultRoomType);
  });
});
