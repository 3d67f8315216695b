import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeQr, regionDiff } from '../testing/image-checks';
import { exportListingJpeg } from './derive';
import { listingOverlay, printedUrl } from './listing-overlay';

const URL_ = 'https://stagely.example.com/s/AbCdEfGhIjKlMnOpQrStUvWx/original';

/** A room-like photo: a warm gradient with a darker floor, so a plate in a corner stands out. */
async function room(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#e8dcc6"/><stop offset="1" stop-color="#7a5a3a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('listing overlay', () => {
  it('draws text as outlines only, so it needs no fonts on the server', () => {
    const { svg } = listingOverlay(1536, 1024, URL_);
    const markup = svg.toString();
    expect(markup).not.toMatch(/<text|font-family|<tspan/);
    expect(markup).toMatch(/<path /);
    expect(printedUrl(URL_)).toBe('stagely.example.com/s/AbCdEfGhIjKlMnOpQrStUvWx/original');
  });

  it.each([
    [1536, 1024],
    [1024, 1536],
    [900, 1200],
    [1024, 1024],
  ])('sits in the bottom-left corner of a %i x %i photo, away from the centre', (width, height) => {
    const o = listingOverlay(width, height, URL_);
    expect(o.left).toBeGreaterThan(0);
    expect(o.top + o.height).toBeLessThan(height);
    expect(o.left + o.width).toBeLessThanOrEqual(Math.ceil(width * 0.72));
    // The central third of the photo stays clear.
    expect(o.top).toBeGreaterThan((height * 2) / 3);
    // Tall enough to read at listing-thumbnail size: the plate is at least 9% of the short edge.
    expect(o.height).toBeGreaterThanOrEqual(Math.min(width, height) * 0.09);
  });

  it('burns in a label and a readable QR code and leaves the rest of the photo as it was', async () => {
    const photo = await room(1536, 1024);
    const listing = await exportListingJpeg(photo, URL_);
    const meta = await sharp(listing).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1536, 1024]);
    expect(await decodeQr(listing)).toBe(URL_);
    expect(await decodeQr(photo)).toBeNull();
    const o = listingOverlay(1536, 1024, URL_);
    const plate = { left: o.left, top: o.top, width: o.width, height: o.height };
    expect(await regionDiff(photo, listing, plate)).toBeGreaterThan(40);
    const centre = { left: 512, top: 341, width: 512, height: 341 };
    expect(await regionDiff(photo, listing, centre)).toBeLessThan(2);
  });

  it('scales to 4K first and lays the label out for the final size', async () => {
    const listing = await exportListingJpeg(await room(1536, 1024), URL_, 3840);
    const meta = await sharp(listing).metadata();
    expect([meta.width, meta.height]).toEqual([3840, 2560]);
    expect(await decodeQr(listing)).toBe(URL_);
  });
});
