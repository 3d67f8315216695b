import type { ProviderOutput } from './provider-output';

/** IPTC's terms for what made an altered image (C2PA's digitalSourceType). */
export const SOURCE_TYPES = {
  /** A photo edited with a trained model (staging, generative fill, object removal). */
  composite: 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
  /** An image a trained model made whole (a concept with no pixel of the photo kept). */
  generated: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
} as const;

/** What an altered image handed out says about itself, signed (C2PA) and hidden in its pixels. */
export interface AlteredImage {
  /** The unaltered photo it was made from: the manifest's parent ingredient. */
  original: { data: Buffer; contentType: string; title: string };
  /** How much of it a model made. */
  made: keyof typeof SOURCE_TYPES;
  /** The disclosure sentence ('Virtually staged; Digitally altered: object removed'). */
  disclosure: string;
  /** The AB 723 page of the unaltered original (its short address); null when none is published. */
  originalUrl: string | null;
  /** The short code of that address, carried by the watermark; null when none is published. */
  code: string | null;
  /** The engine and model that altered it, and our own version (the software agent). */
  agent: { name: string; version: string; engine: string; model: string | null };
  /** The engine's own output it was made from, when that came with a C2PA manifest (a component). */
  provider?: ProviderOutput | null;
}
