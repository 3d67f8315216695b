import { describe, expect, it } from 'vitest';
import {
  COLOR_PALETTES,
  COLOR_PALETTE_LABELS,
  COLOR_PALETTE_SWATCHES,
  DEFAULT_LOCAL_SETTINGS,
  DEFAULT_PREFERENCES,
  INVALID_DELETE_CONFIRMATION,
  LIMITS,
  MAX_INPUT_PIXELS,
  PROJECT_STATUS_TEXTS,
  ROOM_TYPES,
  ROOM_TYPE_LABELS,
  SETTINGS_ROOM_TYPES,
  STYLE_PRESET_DESCRIPTIONS,
  UPLOAD_MESSAGES,
  asSentence,
  localSettingsSchema,
  parseLocalSettings,
  paywallText,
  projectStatusEnumSchema,
} from './index';

describe('domain constants', () => {
  it('has the product room labels and omits other from the settings list', () => {
    expect(ROOM_TYPE_LABELS.office).toBe('Home Office');
    expect(SETTINGS_ROOM_TYPES).toEqual(ROOM_TYPES.filter((r) => r !== 'other'));
  });
  it('has 8 palettes with 4 valid hex swatches each', () => {
    expect(COLOR_PALETTES).toHaveLength(8);
    expect(COLOR_PALETTE_LABELS['navy-gold']).toBe('Navy & Gold');
    for (const p of COLOR_PALETTES) {
      expect(COLOR_PALETTE_SWATCHES[p]).toHaveLength(4);
      for (const c of COLOR_PALETTE_SWATCHES[p]) expect(c).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });
  it('describes styles and statuses with the product texts', () => {
    expect(STYLE_PRESET_DESCRIPTIONS.industrial).toBe('Metal, exposed brick');
    expect(PROJECT_STATUS_TEXTS.pending).toBe('Queued for processing');
    expect(PROJECT_STATUS_TEXTS.failed).toBe('Processing failed');
    expect(projectStatusEnumSchema.options).toEqual(['pending', 'processing', 'completed', 'failed']);
  });
  it('has valid defaults', () => {
    expect(localSettingsSchema.parse(DEFAULT_LOCAL_SETTINGS)).toEqual(DEFAULT_LOCAL_SETTINGS);
    expect(DEFAULT_PREFERENCES.emailNotifications.marketing).toBe(false);
  });
  it('repairs stored settings field by field', () => {
    expect(parseLocalSettings(undefined)).toEqual(DEFAULT_LOCAL_SETTINGS);
    expect(parseLocalSettings({ imageQuality: 'low', defaultRoomType: 'attic', autoSave: false })).toEqual({
      ...DEFAULT_LOCAL_SETTINGS,
      imageQuality: 'low',
      autoSave: false,
    });
  });
  it('keeps the limits of the product and the design', () => {
    expect(LIMITS).toMatchObject({
      BATCH_MAX: 10,
      UPLOAD_MAX_BYTES: 10 * 1024 * 1024,
      PROFILE_IMAGE_MAX_BYTES: 5 * 1024 * 1024,
      FREE_GENERATIONS_PER_MONTH: 5,
      PAYWALL_FALLBACK_MAX: 10,
      CUSTOM_PROMPT_MAX: 500,
      PRO_PRICE_LABEL: '$4.99/month',
      EXPORT_4K_LONG_EDGE: 3840,
    });
    expect(UPLOAD_MESSAGES.tooManyPixels).toContain(`${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    expect(UPLOAD_MESSAGES.unsupportedType).toMatch(/JPG, PNG or WebP/);
  });
  it('formats the product messages verbatim', () => {
    expect(asSentence(INVALID_DELETE_CONFIRMATION)).toBe(
      "Invalid confirmation: Please type 'DELETE MY ACCOUNT' to confirm.",
    );
    expect(paywallText(5)).toBe(
      "You've used all 5 of your free generations. Upgrade to Pro for unlimited staging!",
    );
  });
});
