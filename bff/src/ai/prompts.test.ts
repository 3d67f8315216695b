import { describe, expect, it } from 'vitest';
import { STYLE_PRESETS, STYLE_PRESET_LABELS } from '@shared/domain';
import { STYLE_PROMPTS, buildStagingPrompt } from './prompts';

const request = { mode: 'stage', roomType: 'living-room', colorPalette: null, customPrompt: null } as const;

describe('style wording of the staging prompt', () => {
  it('gives every style its own words and names the style in the prompt', () => {
    expect(new Set(STYLE_PRESETS.map((s) => STYLE_PROMPTS[s])).size).toBe(STYLE_PRESETS.length);
    for (const s of STYLE_PRESETS) {
      const prompt = buildStagingPrompt({ ...request, stylePreset: s });
      expect(prompt).toContain(`Style: ${STYLE_PRESET_LABELS[s]}, ${STYLE_PROMPTS[s]}.`);
    }
  });

  it('describes an advanced preset in its own materials', () => {
    expect(buildStagingPrompt({ ...request, stylePreset: 'mid-century' })).toMatch(/walnut.*tapered legs/);
    expect(buildStagingPrompt({ ...request, stylePreset: 'coastal' })).toMatch(/sea-blue/);
    expect(buildStagingPrompt({ ...request, stylePreset: null })).toContain('Style: Modern,');
  });
});
