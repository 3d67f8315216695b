import sharp, { type Metadata, type Sharp } from 'sharp';
import { ORIGINAL_MAX_LONG_EDGE, UPLOAD_MESSAGES } from '@shared/domain';
import { badRequest, unprocessable, unsupportedMediaType } from '../http/errors';
import { sniffImageType } from './image-type';

/** Refuses decompression bombs before decoding: ~50 megapixels covers every phone and DSLR photo. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const THUMB_LONG_EDGE = 480;

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

/** Checks the bytes and reads the header: type, emptiness and pixel count, all before any decoding. */
async function validated(input: Buffer, messages: { unsupportedType: string }): Promise<Sharp> {
  if (input.length === 0) throw badRequest(UPLOAD_MESSAGES.empty, 'empty_file');
  if (!sniffImageType(input)) throw unsupportedMediaType(messages.unsupportedType);
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  try {
    meta = await image.metadata();
  } catch {
    throw unprocessable(UPLOAD_MESSAGES.unreadable, 'unreadable_image');
  }
  if (!meta.width || !meta.height) throw unprocessable(UPLOAD_MESSAGES.unreadable, 'unreadable_image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw unprocessable(UPLOAD_MESSAGES.tooManyPixels, 'too_many_pixels');
  return image;
}

/** Decoding errors (a truncated file) surface only when pixels are read. */
async function render(pipeline: Sharp, contentType: ProcessedImage['contentType']): Promise<ProcessedImage> {
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw unprocessable(UPLOAD_MESSAGES.tooManyPixels, 'too_many_pixels');
    throw unprocessable(UPLOAD_MESSAGES.unreadable, 'unreadable_image');
  }
}

/**
 * The one intake for room photos: upright (EXIF orientation applied), sRGB, every metadata block dropped
 * (sharp writes none unless asked), long edge <= 4096, plus a thumbnail. Re-encoding also removes
 * anything appended to the file (polyglots).
 */
export async function intakeRoomPhoto(input: Buffer): Promise<IntakeResult> {
  const image = await validated(input, { unsupportedType: UPLOAD_MESSAGES.unsupportedType });
  const upright = image.rotate().toColourspace('srgb');
  const original = await render(
    upright
      .clone()
      .resize({
        width: ORIGINAL_MAX_LONG_EDGE,
        height: ORIGINAL_MAX_LONG_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 88, mozjpeg: false }),
    'image/jpeg',
  );
  // The thumbnail comes from the already-normalised original: far cheaper than decoding 12 MP twice.
  const thumb = await render(
    sharp(original.data)
      .resize({ width: THUMB_LONG_EDGE, height: THUMB_LONG_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 72 }),
    'image/webp',
  );
  return { original, thumb };
}

/** Profile pictures: the same checks, cropped square and small. */
export async function intakeProfileImage(
  input: Buffer,
  unsupportedType: string,
  size = 256,
): Promise<ProcessedImage> {
  const image = await validated(input, { unsupportedType });
  return render(
    image.rotate().toColourspace('srgb').resize(size, size, { fit: 'cover' }).webp({ quality: 80 }),
    'image/webp',
  );
}
