import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  MAX_INPUT_PIXELS,
  MIN_PHOTO_SHORT_EDGE,
  MAX_PHOTO_ASPECT_RATIO,
  PHOTO_TOO_NARROW_CODE,
  PHOTO_TOO_SMALL_CODE,
  UPLOAD_MESSAGES,
} from '@shared/domain';
import { badRequest, unprocessable, unsupportedMediaType } from '../../http/errors';
import { sniffImageType } from './image-type';

export { MAX_INPUT_PIXELS };
/**
 * Long edge of the stored original. Nothing downstream uses more (the engines are sent at most this much,
 * screens show <= 2048), and a 12 MP photo normalises in about the time of a bare resize (see bench/).
 */
export const NORMALIZED_LONG_EDGE = 2048;
export const THUMB_LONG_EDGE = 480;
const ORIGINAL_QUALITY = 88;
const THUMB_QUALITY = 76;

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg' | 'image/webp';
}

export interface IntakeResult {
  original: ProcessedImage;
  thumb: ProcessedImage;
}

export interface ProcessOptions {
  maxLongEdge: number;
  /** Cropped to a centred square of `maxLongEdge` (profile pictures). */
  square?: boolean;
  format?: 'jpeg' | 'webp';
  quality?: number;
  /** The sentence for a type we do not accept (profile pictures use the product's own wording). */
  unsupportedTypeMessage?: string;
  /** Room photos: a shorter side below this cannot be staged, so it is refused before anything else. */
  minShortEdge?: number;
}

/** libvips' own refusals as our sentences: the pixel limit by name, anything else as unreadable. */
function refusalFor(err: unknown) {
  if (err instanceof Error && /pixel limit/i.test(err.message))
    return unprocessable(UPLOAD_MESSAGES.tooManyPixels, 'too_many_pixels');
  return unprocessable(UPLOAD_MESSAGES.unreadable, 'unreadable_image');
}

/** Checks the bytes and the header (type, emptiness, pixel count, size) before a single pixel is decoded. */
async function validated(
  input: Buffer,
  unsupportedTypeMessage: string,
  minShortEdge = 1,
): Promise<{ image: Sharp; meta: Metadata }> {
  if (input.length === 0) throw badRequest(UPLOAD_MESSAGES.empty, 'empty_file');
  if (!sniffImageType(input)) throw unsupportedMediaType(unsupportedTypeMessage);
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch (err) {
    throw refusalFor(err);
  }
  if (!meta.width || !meta.height) throw unprocessable(UPLOAD_MESSAGES.unreadable, 'unreadable_image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw unprocessable(UPLOAD_MESSAGES.tooManyPixels, 'too_many_pixels');
  // EXIF rotation swaps the sides but never changes the shorter one.
  const [short, long] = [Math.min(meta.width, meta.height), Math.max(meta.width, meta.height)];
  if (short < minShortEdge) throw unprocessable(UPLOAD_MESSAGES.tooSmall, PHOTO_TOO_SMALL_CODE);
  // Stored at a 2048 px long edge, a strip past the ratio would keep too few pixels on its shorter side.
  if (minShortEdge > 1 && long > short * MAX_PHOTO_ASPECT_RATIO)
    throw unprocessable(UPLOAD_MESSAGES.tooNarrow, PHOTO_TOO_NARROW_CODE);
  return { image, meta };
}

/** Upright (EXIF orientation applied), opaque, sRGB; sharp writes no metadata unless asked, so none survives. */
function normalised(image: Sharp, meta: Metadata): Sharp {
  const upright = image.rotate();
  return (meta.hasAlpha ? upright.flatten({ background: '#ffffff' }) : upright).toColourspace('srgb');
}

/** Decoding errors (a truncated or damaged file) surface only when the pixels are read. */
async function render<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw refusalFor(err);
  }
}

const inside = (edge: number) => ({
  width: edge,
  height: edge,
  fit: 'inside' as const,
  withoutEnlargement: true,
});

async function encode(pipeline: Sharp, format: 'jpeg' | 'webp', quality: number): Promise<ProcessedImage> {
  const out = format === 'jpeg' ? pipeline.jpeg({ quality }) : pipeline.webp({ quality });
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, contentType: `image/${format}` };
}

/**
 * The one intake for room photos: validated (at least MIN_PHOTO_SHORT_EDGE on the shorter side), upright,
 * sRGB, all metadata gone (GPS, camera, XMP, ICC), long edge <= 2048 as JPEG, plus a 480 px JPEG
 * thumbnail. Re-encoding also drops anything appended to the file (polyglots). The photo is decoded once; both encodings start from the same pixels.
 */
export async function intakeRoomPhoto(input: Buffer): Promise<IntakeResult> {
  const { image, meta } = await validated(input, UPLOAD_MESSAGES.unsupportedType, MIN_PHOTO_SHORT_EDGE);
  const { data, info } = await render(() =>
    normalised(image, meta)
      .resize(inside(NORMALIZED_LONG_EDGE))
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true }),
  );
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [original, thumb] = await Promise.all([
    encode(pixels(), 'jpeg', ORIGINAL_QUALITY),
    encode(pixels().resize(inside(THUMB_LONG_EDGE)), 'jpeg', THUMB_QUALITY),
  ]);
  return { original, thumb };
}

/** A stored result's 480 px JPEG thumbnail (a version in a list), made from its own pixels once. */
export async function thumbnailOf(stored: Buffer): Promise<ProcessedImage> {
  return encode(sharp(stored).rotate().resize(inside(THUMB_LONG_EDGE)), 'jpeg', THUMB_QUALITY);
}

/** Any other upload (profile pictures, photos for analysis): the same checks, one output. */
export async function processImage(input: Buffer, options: ProcessOptions): Promise<ProcessedImage> {
  const { maxLongEdge, square = false, format = 'jpeg', quality = 85 } = options;
  const { image, meta } = await validated(
    input,
    options.unsupportedTypeMessage ?? UPLOAD_MESSAGES.unsupportedType,
    options.minShortEdge,
  );
  const pipeline = normalised(image, meta);
  const sized = square
    ? pipeline.resize(maxLongEdge, maxLongEdge, { fit: 'cover' })
    : pipeline.resize(inside(maxLongEdge));
  return render(() => encode(sized, format, quality));
}

/** Profile pictures: cropped square and small, WebP. */
export function intakeProfileImage(
  input: Buffer,
  unsupportedType: string,
  size = 256,
): Promise<ProcessedImage> {
  return processImage(input, {
    maxLongEdge: size,
    square: true,
    format: 'webp',
    quality: 80,
    unsupportedTypeMessage: unsupportedType,
  });
}
