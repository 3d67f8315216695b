import { describe, expect, it } from 'vitest';
import { createProjectFieldsSchema } from '../api/projects';
import { buildOpenApiDocument } from '../api/openapi';
import {
  FREE_STYLE_PRESETS,
  PRO_STYLE_PRESETS,
  STYLE_PRESETS,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_INFO,
  STYLE_PRESET_LABELS,
  isProStyle,
  lapsedStyleNote,
  proStyleMessage,
  stylePresetSchema,
  styleAllowed,
  usableStyle,
} from './index';

const HEX = /^#[0-9A-F]{6}$/i;

describe('style presets', () => {
  it('keeps the four styles for everyone and adds at least eight advanced ones for Pro', () => {
    expect(FREE_STYLE_PRESETS).toEqual(['modern', 'scandinavian', 'farmhouse', 'industrial']);
    expect(PRO_STYLE_PRESETS.length).toBeGreaterThanOrEqual(8);
    expect(PRO_STYLE_PRESETS.map((s) => STYLE_PRESET_LABELS[s])).toEqual(
      expect.arrayContaining([
        'Mid-century Modern',
        'Coastal',
        'Japandi',
        'Luxury',
        'Traditional',
        'Transitional',
        'Bohemian',
        'Minimalist',
      ]),
    );
    expect(STYLE_PRESET_DESCRIPTIONS.industrial).toBe('Metal, exposed brick');
  });

  it('gives every style its own label, one-line description and a swatch of valid colours', () => {
    const labels = STYLE_PRESETS.map((s) => STYLE_PRESET_LABELS[s]);
    expect(new Set(labels).size).toBe(STYLE_PRESETS.length);
    for (const s of STYLE_PRESETS) {
      expect(STYLE_PRESET_DESCRIPTIONS[s]).toMatch(/^\S.{3,40}$/);
      const { wall, floor, furniture, accent } = STYLE_PRESET_INFO[s].swatch;
      for (const c of [wall, floor, furniture, accent]) expect(c).toMatch(HEX);
    }
  });

  it('lets a free account use only the four, a Pro account every style', () => {
    expect(isProStyle('coastal')).toBe(true);
    expect(isProStyle('modern')).toBe(false);
    expect(styleAllowed('japandi', false)).toBe(false);
    expect(styleAllowed('japandi', true)).toBe(true);
    expect(styleAllowed('farmhouse', false)).toBe(true);
    expect(usableStyle('luxury', false)).toBe('modern');
    expect(usableStyle('luxury', true)).toBe('luxury');
    expect(usableStyle('industrial', false)).toBe('industrial');
  });

  it('explains a locked style in a sentence naming the styles that stay open', () => {
    expect(proStyleMessage('coastal')).toBe(
      'Coastal is a Pro style. Upgrade to Pro to stage in all 12 styles, or choose Modern, Scandinavian, Farmhouse or Industrial.',
    );
    expect(lapsedStyleNote('japandi')).toBe(
      'Japandi is a Pro style: new stagings start in Modern until you upgrade again.',
    );
  });

  it('accepts every style in the API schemas and documents which are Pro-only', () => {
    for (const s of STYLE_PRESETS) expect(stylePresetSchema.parse(s)).toBe(s);
    const fields = { stagingMode: 'stage', roomType: 'bedroom', stylePreset: 'mid-century' };
    expect(createProjectFieldsSchema.parse(fields).stylePreset).toBe('mid-century');
    const doc = JSON.stringify(buildOpenApiDocument({ version: 'test' }));
    expect(doc).toContain('"mid-century"');
    expect(doc).toContain(`Pro accounts only: ${PRO_STYLE_PRESETS.join(', ')}`);
  });
});
