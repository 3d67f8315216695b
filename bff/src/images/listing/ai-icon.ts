import { AI_ICON_TEXT } from '@shared/domain';
import type { ListingOverlay } from './listing-overlay';
import { ascent, textPaths, textWidth } from './vector-text';

/** The icon's side as a share of the photo's shorter side, with a floor that keeps MODIFIED legible. */
const SIDE_SHARE = 0.075;
const MIN_SIDE = 44;
const MARGIN_SHARE = 0.012;

/**
 * The common EU 'AI' icon of an AI-modified image (AI Act Article 50 marking): a dark rounded square in the
 * photo's top-right corner, away from the plate in a bottom corner, with 'AI' and 'MODIFIED' beneath it.
 */
export function aiIconOverlay(width: number, height: number): ListingOverlay {
  const side = Math.max(MIN_SIDE, Math.round(Math.min(width, height) * SIDE_SHARE));
  const margin = Math.max(8, Math.round(Math.min(width, height) * MARGIN_SHARE));
  const mark = Math.round(side * 0.5);
  const small = Math.max(7, Math.round(side * 0.16));
  // Wide enough for MODIFIED at its size, however the font measures it.
  const w = Math.max(side, Math.ceil(textWidth(AI_ICON_TEXT.modified, small) + side * 0.2));
  const markY = Math.round(side * 0.12) + ascent(mark);
  const smallY = Math.round(side * 0.9);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${side}" viewBox="0 0 ${w} ${side}">
<rect x="0.5" y="0.5" width="${w - 1}" height="${side - 1}" rx="${Math.round(side * 0.18)}" fill="#111827" fill-opacity="0.9" stroke="#ffffff" stroke-opacity="0.8"/>
${textPaths(AI_ICON_TEXT.mark, mark, (w - textWidth(AI_ICON_TEXT.mark, mark)) / 2, markY, '#ffffff')}
${textPaths(AI_ICON_TEXT.modified, small, (w - textWidth(AI_ICON_TEXT.modified, small)) / 2, smallY, '#ffffff')}
</svg>`;
  return { svg: Buffer.from(svg), left: width - margin - w, top: margin, width: w, height: side };
}
