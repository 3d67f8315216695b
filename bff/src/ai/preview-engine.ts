import sharp, { type OverlayOptions } from 'sharp';
import {
  COLOR_PALETTE_LABELS,
  COLOR_PALETTE_SWATCHES,
  DEFAULT_COLOR_PALETTE,
  ENHANCEMENT_KINDS,
  MULTI_VIEW_VARIANTS,
  PREVIEW_EDIT_NOTES,
  STYLE_PRESET_LABELS,
} from '@shared/domain';
import { compositeThroughLock, fillFromSurroundings, previewEnhance, previewOutline } from '../images';
import {
  FALLBACK_ANALYSIS,
  type EditOutput,
  type EditRequest,
  type RoomAnalysis,
  type StageRequest,
  type StagingEngine,
} from './engine';

export const PREVIEW_RIBBON_TEXT = 'Preview - connect an AI provider';
/** A draft is the same grade on a copy this small (long edge, px): a quick pass the job enlarges. */
const DRAFT_EDGE = 480;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

const ribbonLine = (width: number, height: number) =>
  Math.max(28, Math.round(Math.min(width, height) * 0.07));
/** Narrow photos get the ribbon's detail on a second line, this many lines high in all. */
const TWO_LINES = 1.7;

/** The most the ribbon takes of a `width` x `height` photo's bottom edge: other captions stay above it. */
export const previewRibbonMaxHeight = (width: number, height: number) =>
  Math.round(ribbonLine(width, height) * TWO_LINES);

/** A dark band across the bottom that says plainly this is not an AI result, with the chosen palette. */
function ribbon(width: number, height: number, detail: string, swatches: readonly string[]): Buffer {
  const line = ribbonLine(width, height);
  const font = Math.round(line * 0.42);
  const pad = Math.round(line * 0.4);
  // Rough text widths (DejaVu averages ~0.6 em): narrow photos get the detail on a second line.
  const needed = PREVIEW_RIBBON_TEXT.length * font * 0.62 + detail.length * font * 0.8 * 0.58 + 3 * pad;
  const twoLines = needed > width;
  const band = twoLines ? Math.round(line * TWO_LINES) : line;
  const chip = Math.round(line * 0.5);
  const chips = swatches
    .map(
      (c, i) =>
        `<rect x="${width - (swatches.length - i) * (chip + 4) - 8}" y="4" width="${chip}" height="${Math.round(line * 0.18)}" fill="${c}"/>`,
    )
    .join('');
  const detailX = twoLines ? pad : width - pad;
  const detailY = twoLines ? Math.round(line * 1.45) : Math.round(line * 0.8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band}">
    <rect width="100%" height="100%" fill="#0f172a" fill-opacity="0.88"/>${chips}
    <text x="${pad}" y="${Math.round(line * 0.64)}" font-family="${FONT}" font-size="${font}" font-weight="bold"
      fill="#ffffff">${escapeXml(PREVIEW_RIBBON_TEXT)}</text>
    <text x="${detailX}" y="${detailY}" text-anchor="${twoLines ? 'start' : 'end'}" font-family="${FONT}"
      font-size="${Math.round(font * 0.8)}" fill="#c7d2fe">${escapeXml(detail)}</text>
  </svg>`;
  return Buffer.from(svg);
}

interface Grade {
  saturation: number;
  brightness: number;
  tint: string | null;
  detail: string;
  swatches: readonly string[];
}

function gradesFor(request: StageRequest): Grade[] {
  if (request.mode === 'unstage') {
    return [{ saturation: 0.45, brightness: 1.08, tint: null, detail: 'Unstage look', swatches: [] }];
  }
  const palette = request.colorPalette ?? DEFAULT_COLOR_PALETTE;
  const style = STYLE_PRESET_LABELS[request.stylePreset ?? 'modern'];
  const label = `${style} · ${COLOR_PALETTE_LABELS[palette]}`;
  const swatches = COLOR_PALETTE_SWATCHES[palette];
  if (request.mode === 'multi-view') {
    return Array.from({ length: MULTI_VIEW_VARIANTS }, (_, i) => ({
      saturation: 0.9,
      brightness: 1.02,
      tint: swatches[(i + 1) % swatches.length] ?? swatches[0],
      detail: `${label} · option ${i + 1} of ${MULTI_VIEW_VARIANTS}`,
      swatches,
    }));
  }
  return [{ saturation: 0.9, brightness: 1.02, tint: swatches[1], detail: label, swatches }];
}

/**
 * The engine used when no AI provider is configured: an honest, visible preview (a colour grade in the
 * chosen palette with a ribbon saying so). It never adds or removes furniture and never claims to.
 */
export class PreviewEngine implements StagingEngine {
  readonly kind = 'preview' as const;
  readonly model = null;
  /** A tint has no style to carry over, so rooms never wait for a reference. */
  readonly takesReferenceImage = false;
  readonly draftPass = `the same grade on a ${DRAFT_EDGE} px copy (a quick low-resolution pass)`;

  analyze(): Promise<RoomAnalysis> {
    // Without a vision model there is nothing honest to detect: the documented fallback.
    return Promise.resolve({ ...FALLBACK_ANALYSIS });
  }

  async stage(photo: Buffer, request: StageRequest): Promise<Buffer[]> {
    const image = request.draft
      ? await sharp(photo)
          .resize(DRAFT_EDGE, DRAFT_EDGE, { fit: 'inside', withoutEnlargement: true })
          .toBuffer()
      : photo;
    const meta = await sharp(image).metadata();
    const width = meta.width ?? 1;
    const height = meta.height ?? 1;
    return Promise.all(
      gradesFor(request).map((grade) => {
        const layers: OverlayOptions[] = [];
        if (grade.tint) {
          const background = { ...hexToRgb(grade.tint), alpha: 0.8 };
          layers.push({ input: { create: { width, height, channels: 4, background } }, blend: 'soft-light' });
        }
        const label: OverlayOptions = {
          input: ribbon(width, height, grade.detail, grade.swatches),
          gravity: 'south',
        };
        const graded = (over: OverlayOptions[]) =>
          sharp(image)
            .modulate({ saturation: grade.saturation, brightness: grade.brightness })
            .composite(over);
        const { lock } = request;
        if (!lock)
          return graded([...layers, label])
            .jpeg({ quality: 88 })
            .toBuffer();
        // A listing staging's lock: the grade goes only where a staging may; the ribbon over it all.
        return (
          graded(layers)
            .png()
            .toBuffer()
            .then((g) => compositeThroughLock(image, g, lock))
            // Lossless: the job stores it once as JPEG, so the photo's pixels outside the lock stay its own.
            .then((locked) => sharp(locked).composite([label]).png().toBuffer())
        );
      }),
    );
  }

  /**
   * Remove: the painted area filled from its surroundings (a blur of what is around it); add: the painted
   * area tinted; an enhancement: a colour-based change of its region; refine: the same image with a band
   * saying the instruction was not applied. Each says so in its note.
   */
  async edit(image: Buffer, request: EditRequest): Promise<EditOutput> {
    if (request.kind === 'remove' && request.mask) {
      return { image: await fillFromSurroundings(image, request.mask), note: PREVIEW_EDIT_NOTES.remove };
    }
    if (request.kind === 'fill' && request.mask) {
      return { image: await previewOutline(image, request.mask), note: PREVIEW_EDIT_NOTES.fill };
    }
    const enhancement = ENHANCEMENT_KINDS.find((k) => k === request.kind);
    if (enhancement) {
      const params = {
        ...(request.preset ? { preset: request.preset } : {}),
        ...(request.colour ? { colour: request.colour } : {}),
      };
      return {
        image: await previewEnhance(image, enhancement, params),
        note: PREVIEW_EDIT_NOTES[enhancement],
      };
    }
    const meta = await sharp(image).metadata();
    const width = meta.width ?? 1;
    const height = meta.height ?? 1;
    const band = ribbon(width, height, PREVIEW_EDIT_NOTES.refine, []);
    const out = await sharp(image)
      .composite([{ input: band, gravity: 'north' }])
      .png()
      .toBuffer();
    return { image: out, note: PREVIEW_EDIT_NOTES.refine };
  }
}
