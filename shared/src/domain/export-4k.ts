import { EXPORT_4K_LONG_EDGE } from './limits';

/**
 * Where a 4K export's pixels come from: the result already has 4K or more (`native`), an AI upscaler
 * made them (`upscaled`), or the result is enlarged by interpolation, which adds no detail (`enlarged`).
 */
export const EXPORT_4K_SOURCES = ['native', 'upscaled', 'enlarged'] as const;
export type Export4kSource = (typeof EXPORT_4K_SOURCES)[number];

/** The 4K switch and its caption say exactly what the download will be, before it is made. */
export function export4kLabel(source: Export4kSource, sourceLongEdge: number): string {
  if (source === 'native') return `4K (${EXPORT_4K_LONG_EDGE} px)`;
  if (source === 'upscaled') return `4K, AI-upscaled from ${sourceLongEdge} px`;
  return `4K, enlarged from ${sourceLongEdge} px`;
}

/** Said after a 4K download whose upscaler failed, so the file is an enlargement after all. */
export const export4kFallbackNotice = (sourceLongEdge: number) =>
  `The upscaler was not available, so this 4K image is enlarged from ${sourceLongEdge} px.`;

/** A result below this long edge is not 4K: its 4K export is upscaled or enlarged. */
export const isBelow4k = (longEdge: number) => longEdge < EXPORT_4K_LONG_EDGE;
