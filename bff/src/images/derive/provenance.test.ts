import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exportJpeg, exportListingJpeg } from './derive';
import { AI_COMPOSITE_SOURCE_TYPE, type Provenance } from './provenance';

const PROVENANCE: Provenance = {
  disclosure: 'Digitally altered: furniture removed',
  originalUrl: 'https://stagely.example.com/o/k3m9qx2abc',
  creatorTool: 'Stagely (openai) <gpt-image-2>',
};

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#c8b89a' } })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Camera 1' } })
    .jpeg()
    .toBuffer();

/** The XMP packet of a JPEG as a reader would see it in the file. */
const xmpOf = async (jpeg: Buffer) => (await sharp(jpeg).metadata()).xmp?.toString('utf8') ?? '';

describe('provenance inside an altered JPEG', () => {
  it.each([
    ['the clean copy', (p: Buffer) => exportJpeg(p, { provenance: PROVENANCE })],
    ['a 4K copy', (p: Buffer) => exportJpeg(p, { provenance: PROVENANCE, longEdge: 3840 })],
    [
      'the labelled copy',
      (p: Buffer) =>
        exportListingJpeg(p, {
          plate: { label: 'Virtually staged', link: PROVENANCE.originalUrl, corner: 'bottom-left' },
          provenance: PROVENANCE,
        }),
    ],
  ])(
    '%s carries the IPTC digital source type, the disclosure and the original, and no camera data',
    async (_what, make) => {
      const out = await make(await photo());
      const xmp = await xmpOf(out);
      expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${AI_COMPOSITE_SOURCE_TYPE}"`);
      expect(xmp).toContain(
        'Digitally altered: furniture removed. Unaltered original: https://stagely.example.com/o/k3m9qx2abc',
      );
      // Escaped, so a prompt or a tool name cannot break the packet.
      expect(xmp).toContain('Stagely (openai) &#60;gpt-image-2&#62;');
      const meta = await sharp(out).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.format).toBe('jpeg');
    },
  );

  it('leaves a plain export without provenance as it was stored', async () => {
    const stored = await sharp(await photo())
      .jpeg()
      .toBuffer();
    expect(await exportJpeg(stored)).toBe(stored);
    expect(await xmpOf(stored)).toBe('');
  });
});
