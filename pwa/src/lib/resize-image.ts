import { MIN_PHOTO_SHORT_EDGE } from '@shared/domain';

/**
 * At most what one photo may cost on a mobile uplink: 600 KB for picking it and generating, so the upload
 * leaves room for the analysis copy (`ANALYSIS_BUDGET_BYTES`) and the forms.
 */
export const UPLOAD_BUDGET_BYTES = 480 * 1024;
/** The copy sent for analysis: the server looks at 1024 px, so more pixels would only cost data. */
export const ANALYSIS_LONG_EDGE = 1024;
export const ANALYSIS_BUDGET_BYTES = 110 * 1024;
const ANALYSIS_QUALITIES = [0.75, 0.6, 0.45];

/**
 * Tried in order until the photo fits the budget: the full 3072 px at JPEG 0.85 first (what the AI sees
 * best), then less quality, then fewer pixels, never below 2048 px. Not 4K: a 12 MP photo would cost 2-3 MB
 * of mobile data, and a 4K export's detail comes from the staged result and the upscaler, not the upload.
 */
export const UPLOAD_STEPS: readonly { longEdge: number; quality: number }[] = [
  { longEdge: 3072, quality: 0.85 },
  { longEdge: 3072, quality: 0.75 },
  { longEdge: 2560, quality: 0.75 },
  { longEdge: 2048, quality: 0.75 },
  { longEdge: 2048, quality: 0.6 },
];

type Canvas = { canvas: OffscreenCanvas; longEdge: number };

/**
 * How much a `width` x `height` photo is scaled for a `longEdge` step: never up, and never so far down that
 * its shorter side drops below what staging needs (a wide panorama keeps more than `longEdge`).
 */
export function uploadScale(width: number, height: number, longEdge: number): number {
  const fit = longEdge / Math.max(width, height);
  const keep = MIN_PHOTO_SHORT_EDGE / Math.min(width, height);
  return Math.min(1, Math.max(fit, keep));
}

function draw(bitmap: ImageBitmap, longEdge: number): Canvas | null {
  const scale = uploadScale(bitmap.width, bitmap.height, longEdge);
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return { canvas, longEdge };
}

/**
 * Resizes a photo in the browser (window or service worker) before upload. createImageBitmap applies
 * the EXIF orientation ('from-image'), so the pixels come out upright and the JPEG carries no metadata.
 * Returns the original when the browser cannot decode it here, or when it is already smaller: the
 * server validates, orients and strips everything anyway.
 */
export async function resizeForUpload(file: Blob, budget = UPLOAD_BUDGET_BYTES): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    let drawn: Canvas | null = null;
    let best: Blob | null = null;
    for (const step of UPLOAD_STEPS) {
      if (drawn?.longEdge !== step.longEdge) drawn = draw(bitmap, step.longEdge);
      if (!drawn) return file;
      best = await drawn.canvas.convertToBlob({ type: 'image/jpeg', quality: step.quality });
      if (best.size <= budget) break;
    }
    // A small, already-compressed photo can come out larger; keep whichever is smaller.
    return best && best.size < file.size ? best : file;
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}

/**
 * A small copy of a photo for analysis: 1024 px on the long edge (a panorama keeps the short side staging
 * needs, a small photo stays as it is, so a refusal for size still comes), upright, JPEG within the
 * analysis budget. The original when the browser cannot decode it: the server then says why.
 */
export async function resizeForAnalysis(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const drawn = draw(bitmap, ANALYSIS_LONG_EDGE);
    if (!drawn) return file;
    let best: Blob | null = null;
    for (const quality of ANALYSIS_QUALITIES) {
      best = await drawn.canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (best.size <= ANALYSIS_BUDGET_BYTES) break;
    }
    return best && best.size < file.size ? best : file;
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
