/** Long edge the AI still sees in full detail; a 12 MP phone photo becomes a few hundred KB. */
export const UPLOAD_LONG_EDGE = 3072;
export const UPLOAD_JPEG_QUALITY = 0.85;

/**
 * Resizes a photo in the browser before upload (EXIF orientation applied by createImageBitmap).
 * Returns the original when the browser cannot decode it here: the server validates everything anyway.
 */
export async function resizeForUpload(file: Blob, longEdge = UPLOAD_LONG_EDGE): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, longEdge / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const resized = await canvas.convertToBlob({ type: 'image/jpeg', quality: UPLOAD_JPEG_QUALITY });
    // A small, already-compressed photo can come out larger; keep whichever is smaller.
    return resized.size < file.size ? resized : file;
  } catch {
    return file;
  }
}
