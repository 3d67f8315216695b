// @vitest-environment node
import { MIN_PHOTO_SHORT_EDGE } from '@shared/domain';
import { describe, expect, it } from 'vitest';
import { UPLOAD_STEPS, uploadScale } from './resize-image';

const sized = (width: number, height: number, longEdge: number) => {
  const scale = uploadScale(width, height, longEdge);
  return [Math.round(width * scale), Math.round(height * scale)];
};

describe('the upload resize', () => {
  it('brings a phone photo to each step, upright or not', () => {
    expect(sized(4032, 3024, 3072)).toEqual([3072, 2304]);
    expect(sized(3024, 4032, 2048)).toEqual([1536, 2048]);
  });

  it('never enlarges a photo, however small', () => {
    expect(uploadScale(1600, 1200, 3072)).toBe(1);
    expect(uploadScale(300, 200, 2048)).toBe(1);
  });

  it('never makes a photo too small to stage: a wide panorama keeps its shorter side', () => {
    for (const step of UPLOAD_STEPS) {
      const [w, h] = sized(12000, 1500, step.longEdge);
      expect(Math.min(w!, h!)).toBe(MIN_PHOTO_SHORT_EDGE);
      const [pw, ph] = sized(1000, 8000, step.longEdge);
      expect(Math.min(pw!, ph!)).toBe(MIN_PHOTO_SHORT_EDGE);
    }
    // Already at the minimum: left as it is.
    expect(uploadScale(4000, MIN_PHOTO_SHORT_EDGE, 2048)).toBe(1);
  });
});
