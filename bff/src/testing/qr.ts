import jsQR from 'jsqr';
import sharp from 'sharp';

/** Reads the QR code in an image (the whole picture, as a phone camera would see it); null if none. */
export async function decodeQr(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  return found?.data ?? null;
}
