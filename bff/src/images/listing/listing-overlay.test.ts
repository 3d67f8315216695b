import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeQr, regionDiff } from '../../testing/image-checks';
import { previewRibbonMaxHeight } from '../../ai';
import { exportListingJpeg } from '../derive/derive';
import { listingLayout, listingOverlay, printedUrl, type PlateSpec, type Rect } from './listing-overlay';

const URL_ = 'https://stagely.example.com/s/AbCdEfGhIjKlMnOpQrStUvWx/original';
const LONG_URL =
  'https://listings.stagely-real-estate-photos.example.co.uk/s/AbCdEfGhIjKlMnOpQrStUvWx/original';
const SHORT_URL = 'https://stagely.example.com/o/k3m9qx2abc';
const plateOf = (link: string | null, corner: PlateSpec['corner'] = 'bottom-left'): PlateSpec => ({
  label: 'Virtually staged',
  link,
  corner,
});

const overlaps = (a: Rect, b: Rect) =>
  a.left < b.left + b.width &&
  b.left < a.left + a.width &&
  a.top < b.top + b.height &&
  b.top < a.top + a.height;
const inside = (r: Rect, outer: Rect) =>
  r.left >= outer.left &&
  r.top >= outer.top &&
  r.left + r.width <= outer.left + outer.width &&
  r.top + r.height <= outer.top + outer.height;

/** Portrait, landscape, square, panorama; the smallest photo we take, phone sizes and 4K. */
const SIZES: [number, number][] = [
  [512, 512],
  [512, 683],
  [683, 512],
  [640, 1600],
  [2048, 512],
  [1024, 1536],
  [1536, 1024],
  [1536, 2048],
  [2048, 1536],
  [3840, 2560],
  [2560, 3840],
  [3840, 2160],
  [2160, 3840],
];

/** A room-like photo: a warm gradient with a darker floor, so a plate in a corner stands out. */
async function room(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#e8dcc6"/><stop offset="1" stop-color="#7a5a3a"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

describe('listing overlay', () => {
  it('draws text as outlines only, so it needs no fonts on the server', () => {
    const { svg } = listingOverlay(1536, 1024, plateOf(URL_));
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
    const o = listingOverlay(width, height, plateOf(SHORT_URL));
    expect(o.left).toBeGreaterThan(0);
    expect(o.top + o.height).toBeLessThan(height);
    // At most about a third of the width.
    expect(o.width).toBeLessThanOrEqual(Math.ceil(width * 0.34));
    // The central third of the photo stays clear.
    expect(o.top).toBeGreaterThan((height * 2) / 3);
    // Tall enough to read at listing-thumbnail size.
    expect(o.height).toBeGreaterThanOrEqual(Math.min(width, height) * 0.06);
  });

  it('goes in the bottom-right corner when the profile says so, and holds only the label without a link', () => {
    const right = listingLayout(1536, 1024, plateOf(SHORT_URL, 'bottom-right'));
    expect(right.plate.left).toBeGreaterThan(1536 / 2);
    expect(right.plate.left + right.plate.width).toBeLessThan(1536);
    const bare = listingLayout(1536, 1024, plateOf(null));
    expect(bare.module).toBe(0);
    expect(bare.lines.map((l) => l.text)).toEqual(['Virtually staged']);
    expect(bare.plate.width).toBeLessThan(1536 / 4);
  });

  it.each([
    [4032, 3024],
    [3840, 2160],
    [2048, 1536],
    [1536, 1024],
    [1024, 768],
  ])(
    'keeps the short address readable and the QR code scannable once a %i x %i photo is scaled to 1024 px wide',
    async (width, height) => {
      const { plate, lines } = listingLayout(width, height, plateOf(SHORT_URL));
      const k = 1024 / width;
      // Glyphs at least 11 px tall after scaling, and the plate about a third of the width.
      for (const line of lines) expect(line.size * k).toBeGreaterThanOrEqual(11);
      expect(plate.width).toBeLessThanOrEqual(Math.ceil(width * 0.34));
      const listing = await exportListingJpeg(await room(width, height), { plate: plateOf(SHORT_URL) });
      const scaled = await sharp(listing).resize(1024).jpeg({ quality: 85 }).toBuffer();
      expect(await decodeQr(scaled)).toBe(SHORT_URL);
    },
  );

  it.each([
    [4032, 3024],
    [2048, 1536],
    [1536, 1024],
    [1024, 768],
    [1024, 1536],
  ])(
    'keeps a plate of one to four disclosures within a third of a %i x %i photo, wrapped, never shrunk past reading',
    (width, height) => {
      const labels = [
        'Virtually staged',
        'Virtually staged; Digitally altered: object removed',
        'Virtually staged; Digitally altered: object removed; Sky replaced',
        'Virtually staged; Digitally altered: wall colour changed; Digitally altered: flooring changed; Design concept, not the property as it is',
      ];
      for (const label of labels)
        for (const link of [SHORT_URL, null]) {
          const { plate, lines } = listingLayout(width, height, { label, link, corner: 'bottom-left' });
          const what = `${label} ${link ?? 'no link'}`;
          expect(plate.width, what).toBeLessThanOrEqual(Math.ceil(width / 3));
          // Every word is on the plate, the label at its full size: 11 px or more once scaled to 1024 px wide.
          const labelled = lines.filter((l) => l.size === lines[0]!.size);
          expect(labelled.map((l) => l.text).join(' '), what).toBe(label.split('; ').join(' '));
          for (const line of lines) expect(line.size * (1024 / width), what).toBeGreaterThanOrEqual(11);
          // Readable at a listing thumbnail 400 px wide: the label's glyphs 7 px or more.
          expect(lines[0]!.size * (400 / width), what).toBeGreaterThanOrEqual(7);
        }
    },
  );

  describe.each([
    ['a photo', 0],
    ["the preview engine's ribbon", 1],
  ])('lays out the plate on %s without two captions ever overlapping', (_what, ribbon) => {
    it.each(SIZES.flatMap(([w, h]) => [URL_, LONG_URL].map((url) => [w, h, url] as const)))(
      '%i x %i, %s',
      (width, height, url) => {
        const keepClear = ribbon ? previewRibbonMaxHeight(width, height) : 0;
        const { plate, qr, lines } = listingLayout(width, height, plateOf(url), keepClear);
        const image = { left: 0, top: 0, width, height };
        expect(inside(plate, image)).toBe(true);
        const parts = [qr, ...lines.map((l) => l.box)];
        expect(lines.map((l) => l.text)).toEqual([
          'Virtually staged',
          'See the unedited original:',
          printedUrl(url),
        ]);
        for (const part of parts) expect(inside(part, plate)).toBe(true);
        for (const [i, a] of parts.entries())
          for (const b of parts.slice(i + 1)) expect(overlaps(a, b), JSON.stringify([a, b])).toBe(false);
        if (keepClear > 0) {
          const band = { left: 0, top: height - keepClear, width, height: keepClear };
          expect(overlaps(plate, band)).toBe(false);
        }
        // The label stays the largest text, and the plate big enough to read at listing-thumbnail size.
        expect(lines[0]!.size).toBeGreaterThanOrEqual(Math.max(lines[1]!.size, lines[2]!.size));
        expect(plate.height).toBeGreaterThanOrEqual(Math.min(width, height) * 0.05);
      },
    );
  });

  it('burns in a label and a readable QR code and leaves the rest of the photo as it was', async () => {
    const photo = await room(1536, 1024);
    const listing = await exportListingJpeg(photo, { plate: plateOf(URL_) });
    const meta = await sharp(listing).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1536, 1024]);
    expect(await decodeQr(listing)).toBe(URL_);
    expect(await decodeQr(photo)).toBeNull();
    const o = listingOverlay(1536, 1024, plateOf(URL_));
    const plate = { left: o.left, top: o.top, width: o.width, height: o.height };
    expect(await regionDiff(photo, listing, plate)).toBeGreaterThan(40);
    const centre = { left: 512, top: 341, width: 512, height: 341 };
    expect(await regionDiff(photo, listing, centre)).toBeLessThan(2);
  });

  it('scales to 4K first and lays the label out for the final size', async () => {
    const listing = await exportListingJpeg(await room(1536, 1024), { plate: plateOf(URL_), longEdge: 3840 });
    const meta = await sharp(listing).metadata();
    expect([meta.width, meta.height]).toEqual([3840, 2560]);
    expect(await decodeQr(listing)).toBe(URL_);
  });
});
