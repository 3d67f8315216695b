import { describe, expect, it } from 'vitest';
import { editRefusal } from '../testing/fake-openai-models';
import {
  DEFAULT_IMAGE_MODEL,
  imageModelProfile,
  KNOWN_IMAGE_MODELS,
  OPENAI_IMAGE_MODELS,
  outputSizeFor,
  qualityFor,
  sizeParam,
} from './openai-models';

const free = OPENAI_IMAGE_MODELS['gpt-image-2'];
const preset = OPENAI_IMAGE_MODELS['gpt-image-1.5'];
const shape = (s: { width: number; height: number }) => s.width / s.height;

describe('OpenAI image models', () => {
  it('defaults to the best model the SDK documents, which takes free sizes', () => {
    expect(DEFAULT_IMAGE_MODEL).toBe('gpt-image-2');
    expect(free.sizes.kind).toBe('free');
  });

  it('asks gpt-image-2 for the largest size it allows at the photo shape, no larger than the photo', () => {
    // 12 MP camera photo: the most of the model's 8,294,400 pixels at the photo's shape, edges multiples of 16.
    expect(outputSizeFor(free, { width: 4032, height: 3024 })).toEqual({ width: 3312, height: 2480 });
    expect(outputSizeFor(free, { width: 3024, height: 4032 })).toEqual({ width: 2480, height: 3312 });
    // A smaller photo gets its own size: more pixels would add cost, not detail.
    expect(outputSizeFor(free, { width: 1600, height: 1200 })).toEqual({ width: 1600, height: 1200 });
    // A 4:1 panorama is clamped to the model's 3:1 and its 3840 px edge.
    expect(outputSizeFor(free, { width: 8000, height: 2000 })).toEqual({ width: 3840, height: 1280 });
    // An operator's pixel budget caps it further.
    const capped = outputSizeFor(free, { width: 4032, height: 3024 }, 2560 * 1440);
    expect(capped.width * capped.height).toBeLessThanOrEqual(2560 * 1440);
    expect(shape(capped)).toBeCloseTo(4 / 3, 2);
  });

  it("raises a photo below the model's pixel floor to the smallest size it takes", () => {
    const size = outputSizeFor(free, { width: 800, height: 600 });
    expect(size.width * size.height).toBeGreaterThanOrEqual(655_360);
    expect(size.width * size.height).toBeLessThan(700_000);
    expect(shape(size)).toBeCloseTo(4 / 3, 1);
  });

  it('keeps the photo shape within 1% for every common camera and phone shape, sizes the API takes', () => {
    const photos = [
      [4032, 3024],
      [4000, 3000],
      [6000, 4000],
      [1920, 1080],
      [3024, 4032],
      [1080, 1920],
      [2048, 2048],
      [1200, 900],
      [5472, 3648],
    ] as const;
    for (const [width, height] of photos) {
      const size = outputSizeFor(free, { width, height });
      expect(Math.abs(shape(size) / (width / height) - 1), `${width}x${height}`).toBeLessThan(0.01);
      expect(editRefusal({ model: 'gpt-image-2', size: sizeParam(size) }, 1)).toBeNull();
    }
  });

  it('gives older models the preset closest in shape', () => {
    expect(outputSizeFor(preset, { width: 4032, height: 3024 })).toEqual({ width: 1536, height: 1024 });
    expect(outputSizeFor(preset, { width: 3024, height: 4032 })).toEqual({ width: 1024, height: 1536 });
    expect(outputSizeFor(preset, { width: 1000, height: 1050 })).toEqual({ width: 1024, height: 1024 });
  });

  it('knows which models take input_fidelity, masks, several images and quality levels', () => {
    expect(
      Object.fromEntries(KNOWN_IMAGE_MODELS.map((m) => [m, OPENAI_IMAGE_MODELS[m].inputFidelity])),
    ).toEqual({
      'gpt-image-2': false,
      'gpt-image-2.5-flare': false,
      'gpt-image-2.5-sunburst': false,
      'gpt-image-2.6-flare': false,
      'gpt-image-2.6-sunburst': false,
      'gpt-image-1.5': true,
      'gpt-image-1': true,
      'gpt-image-1-mini': false,
      'chatgpt-image-latest': false,
    });
    for (const m of KNOWN_IMAGE_MODELS) {
      expect(OPENAI_IMAGE_MODELS[m].mask).toBe(true);
      expect(OPENAI_IMAGE_MODELS[m].maxInputImages).toBeGreaterThan(1);
      expect(OPENAI_IMAGE_MODELS[m].qualities.at(-1)).toBe('high');
    }
  });

  it('gives the 2.5 and 2.6 snapshots the parameters of gpt-image-2, and a quality only when taken', () => {
    for (const m of [
      'gpt-image-2.5-flare',
      'gpt-image-2.5-sunburst',
      'gpt-image-2.6-flare',
      'gpt-image-2.6-sunburst',
    ])
      expect(imageModelProfile(m)).toEqual(free);
    expect(qualityFor(free, 'medium')).toBe('medium');
    expect(qualityFor(free, undefined)).toBe('high');
  });

  it('resolves dated snapshots, and newer models only when told which known one they behave like', () => {
    expect(imageModelProfile('gpt-image-2-2026-04-21')).toBe(free);
    expect(imageModelProfile('gpt-image-3')).toBeNull();
    expect(imageModelProfile('gpt-image-3', 'gpt-image-2')).toBe(free);
    expect(imageModelProfile('dall-e-2')).toBeNull();
  });
});
