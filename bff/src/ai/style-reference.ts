import sharp from 'sharp';
import type { StageRequest } from './engine';

/** A style reference only needs to show furniture and colours: smaller than the photo, fewer bytes sent. */
const REFERENCE_EDGE = 768;

/**
 * The second image of a staging that should look like an earlier one, as a small JPEG; null when there is
 * none, the model takes one image only, or the room is being emptied (an emptied room has no style to match).
 */
export async function styleReferenceFor(
  request: StageRequest,
  takesReference: boolean,
): Promise<Buffer | null> {
  if (!request.referenceImage || !takesReference || request.mode === 'unstage') return null;
  return sharp(request.referenceImage)
    .resize(REFERENCE_EDGE, REFERENCE_EDGE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}
