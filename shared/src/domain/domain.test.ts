import { describe, expect, it } from 'vitest';
import {
  COLOR_PALETTES,
  COLOR_PALETTE_LABELS,
  COLOR_PALETTE_SWATCHES,
  DEFAULT_LOCAL_SETTINGS,
  DEFAULT_PREFERENCES,
  INVALID_DELETE_CONFIRMATION,
  PROJECT_STATUS_TEXTS,
  ROOM_TYPE_LABELS,
  SETTINGS_ROOM_TYPES,
  STYLE_PRESET_DESCRIPTIONS,
  asSentence,
  localSettingsSchema,
  paywallText,
} from './index';

describe('domain constants', () => {
  it('has the spec room labels and omits other from the settings list', () => {
    expect(ROOM_TYPE_LABELS.office).toBe('Home Office');
    expect(SETTINGS_ROOM_TYPES).not.toContain('other');
    expect(SETTINGS_ROOM_TYPES).toHaveLength(6);
  });
  it('has 8 palettes with 4 valid hex swatches each', () => {
    expect(COLOR_PALETTES).toHaveLength(8);
    expect(COLOR_PALETTE_LABELS['navy-gold']).toBe('Navy & Gold');
    for (const p of COLOR_PALETTES) {
      expect(COLOR_PALETTE_SWATCHES[p]).toHaveLength(4);
      for (const c of COLOR_PALETTE_SWATCHES[p]) expect(c).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });
  it('describes styles and statuses with the spec texts', () => {
    expect(STYLE_PRESET_DESCRIPTIONS.industrial).toBe('Metal, exposed brick');
    expect(PROJECT_STATUS_TEXTS.pending).toBe('Queued for processing');
    expect(PROJECT_STATUS_TEXTS.failed).toBe('Processing failed');
  });
  it('has valid defaults', () => {
    expect(localSettingsSchema.parse(DEFAULT_LOCAL_SETTINGS)).toEqual(DEFAULT_LOCAL_SETTINGS);
    expect(DEFAULT_PREFERENCES.emailNotifications.marketing).toBe(false);
  });
  it('formats the spec messages verbatim', () => {
    expect(asSentence(INVALID_DELETE_CONFIRMATION)).toBe(
      "Invalid confirmation: Please type 'DELETE MY ACCOUNT' to confirm.",
    );
    expect(paywallText(5)).toBe(
      "You've used all 5 of your free generations. Upgrade to Pro for unlimited staging!",
    );
  });
});
