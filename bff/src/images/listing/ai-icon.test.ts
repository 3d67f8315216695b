import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { regionDiff } from '../../testing/image-checks';
import { exportListingJpeg } from '../derive/derive';
import { aiIconOverlay } from './ai-icon';
import { listingLayout } from './listing-overlay';

const plate = { label: 'Virtually staged', link: null, corner: 'bottom-left' } as const;

async function room(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#d9cbb3"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe("the EU 'AI' icon", () => {
  it.each([
    [1536, 1024],
    [1024, 1536],
    [4032, 3024],
  ])(
    'sits in the top-right corner of a %i x %i photo, clear of the plate, only when the profile asks',
    async (width, height) => {
      const icon = aiIconOverlay(width, height);
      expect(icon.left + icon.width).toBeLessThan(width);
      expect(icon.top).toBeGreaterThan(0);
      expect(icon.left).toBeGreaterThan(width / 2);
      expect(icon.top + icon.height).toBeLessThan(height / 4);
      const { plate: box } = listingLayout(width, height, plate);
      expect(box.top).toBeGreaterThan(icon.top + icon.height);
      // MODIFIED (a sixth of the icon's height) still 7 px or more once the photo is scaled to 1024 px wide.
      expect(Math.round(icon.height * 0.16) * (1024 / width)).toBeGreaterThanOrEqual(7);

      const photo = await room(width, height);
      const marked = await exportListingJpeg(photo, { plate: { ...plate, aiIcon: true } });
      const unmarked = await exportListingJpeg(photo, { plate });
      expect(await regionDiff(photo, marked, icon)).toBeGreaterThan(40);
      expect(await regionDiff(photo, unmarked, icon)).toBeLessThan(2);
    },
  );
});
