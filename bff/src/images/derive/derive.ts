import sharp, { type Sharp } from 'sharp';
import { MAX_INPUT_PIXELS } from '@shared/domain';
import { aiIconOverlay } from '../listing/ai-icon';
import { listingOverlay, type PlateSpec } from '../listing/listing-overlay';
import { provenanceXmp, type Provenance } from './provenance';
import type { ProcessedImage } from '../intake/process-image';

const RESULT_QUALITY = 90;
const EXPORT_QUALITY = 92;

/**
 * An engine's image as we store it: the original photo's aspect ratio (image models answer in a few
 * fixed sizes), the engine's own resolution, sRGB JPEG and no metadata at all.
 */
export async function normalizeResult(
  engineImage: Buffer,
  original: { width: number; height: number },
): Promise<ProcessedImage> {
  const image = sharp(engineImage, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await image.metadata();
  const longEdge = Math.max(meta.width ?? 0, meta.height ?? 0);
  if (!longEdge) throw new Error('The engine returned an image without dimensions.');
  const scale = longEdge / Math.max(original.width, original.height);
  const width = Math.max(1, Math.round(original.width * scale));
  const height = Math.max(1, Math.round(original.height * scale));
  const { data, info } = await image
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(width, height, { fit: 'fill' })
    .jpeg({ quality: RESULT_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, contentType: 'image/jpeg' };
}

/** The photo no longer than `longEdge` px (a draft is laid into this copy: quicker than the whole photo). */
export async function downscaled(photo: Buffer, longEdge: number): Promise<Buffer> {
  return sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(longEdge, longEdge, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: RESULT_QUALITY })
    .toBuffer();
}

/** The pixel size a stored image's header declares; null when it is not a readable image. */
export async function storedImageSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

export interface ExportOptions {
  /** Scale so the long edge is exactly this (4K). */
  longEdge?: number | undefined;
  /** Written into the file as XMP (an altered image says so itself). */
  provenance?: Provenance | undefined;
}

const withProvenance = (image: Sharp, provenance: Provenance | undefined) =>
  provenance ? image.withXmp(provenanceXmp(provenance)) : image;

/** A stored image as a downloadable JPEG, optionally scaled so its long edge is exactly `longEdge` (4K). */
export async function exportJpeg(stored: Buffer, options: ExportOptions = {}): Promise<Buffer> {
  const { longEdge, provenance } = options;
  const image = sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS });
  if (!longEdge) {
    const meta = await image.metadata();
    if (meta.format === 'jpeg' && !provenance) return stored;
    return withProvenance(image, provenance).jpeg({ quality: EXPORT_QUALITY }).toBuffer();
  }
  return withProvenance(image.resize(longEdge, longEdge, { fit: 'inside', kernel: 'lanczos3' }), provenance)
    .jpeg({ quality: EXPORT_QUALITY })
    .toBuffer();
}

export interface ListingExportOptions extends ExportOptions {
  plate: PlateSpec;
  /** The height (for the stored image's size) of a caption along its bottom edge the plate must not cover. */
  keepClear?: ((width: number, height: number) => number) | undefined;
}

/**
 * The labelled JPEG: the stored image (scaled like `exportJpeg`) with the plate (the label, and a QR code
 * of the original with its address printed) burned into a bottom corner.
 */
export async function exportListingJpeg(stored: Buffer, options: ListingExportOptions): Promise<Buffer> {
  const { plate, longEdge, keepClear, provenance } = options;
  let image = sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS });
  const before = keepClear ? await image.metadata() : null;
  if (longEdge) image = image.resize(longEdge, longEdge, { fit: 'inside', kernel: 'lanczos3' });
  // The overlay is laid out for the final size, so the photo is decoded (and scaled) first.
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const clear =
    keepClear && before?.width && before.height
      ? Math.ceil(keepClear(before.width, before.height) * (info.height / before.height))
      : 0;
  const overlays = [listingOverlay(info.width, info.height, plate, clear)];
  if (plate.aiIcon) overlays.push(aiIconOverlay(info.width, info.height));
  const out = sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).composite(overlays.map((o) => ({ input: o.svg, left: o.left, top: o.top })));
  return withProvenance(out, provenance).jpeg({ quality: EXPORT_QUALITY }).toBuffer();
}
