import {
  COLOR_PALETTE_LABELS,
  COLOR_PALETTE_SWATCHES,
  MULTI_VIEW_VARIANTS,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  STYLE_PRESETS,
  STYLE_PRESET_DESCRIPTIONS,
  STYLE_PRESET_LABELS,
  type RoomType,
  type StylePreset,
} from '@shared/domain';
import type { StageRequest } from './engine';

const KEEP_ARCHITECTURE =
  'Keep the architecture exactly as it is: walls, windows, doors, floor, ceiling, built-in fixtures, ' +
  'lighting direction, perspective and camera angle must not change.';
/** Added on the retry after a result failed the structure check. */
export const STRICT_SENTENCE =
  'Strict requirement: a previous attempt altered the room itself. Every wall, window, door, door frame, ' +
  'floor and ceiling edge must stay exactly where it is in the photo, with the same size, shape and colour; ' +
  'do not move, add, remove or repaint any of them. Change only movable furniture and decor.';
const REALISM =
  'Photorealistic, natural light, suitable for a real-estate listing. No people, no text, no watermarks.';

const roomName = (room: RoomType) => (room === 'other' ? 'room' : ROOM_TYPE_LABELS[room].toLowerCase());

function styleSentence(style: StylePreset | null): string {
  const s = style ?? 'modern';
  return `Style: ${STYLE_PRESET_LABELS[s]} (${STYLE_PRESET_DESCRIPTIONS[s].toLowerCase()}).`;
}

function paletteSentence(request: StageRequest): string {
  if (!request.colorPalette) return '';
  const colours = COLOR_PALETTE_SWATCHES[request.colorPalette].join(', ');
  return ` Colour palette: ${COLOR_PALETTE_LABELS[request.colorPalette]} (${colours}) for furniture, textiles and decor.`;
}

function customSentence(request: StageRequest): string {
  const custom = request.customPrompt?.trim();
  return custom ? ` Additional instructions from the user: ${custom}` : '';
}

/** What the second input image is: a look to match, never a room to copy. */
export const STYLE_REFERENCE_SENTENCE =
  'The second image is only a style reference: another room of the same home, already staged. Match its ' +
  'furniture style, colour palette and materials so both rooms look furnished as one home, but do not copy ' +
  'its layout, its objects or its room: edit only the first image, and the first image keeps its own ' +
  'architecture.';

export interface PromptOptions {
  /** A second input image (a staged room of the same property) goes with the photo. */
  withReference?: boolean;
}

/** The image-edit prompt for a staging request: mode, room, style, palette and the user's own words. */
export function buildStagingPrompt(request: StageRequest, options: PromptOptions = {}): string {
  const room = roomName(request.roomType);
  const keep = request.strict ? `${KEEP_ARCHITECTURE} ${STRICT_SENTENCE}` : KEEP_ARCHITECTURE;
  if (request.mode === 'unstage') {
    return (
      `Virtually unstage this photo of a ${room}: remove all furniture, decor, clutter and personal items, ` +
      'leaving a clean, empty room. Reconstruct the floor and walls behind removed objects naturally. ' +
      `${keep} ${REALISM}${customSentence(request)}`
    );
  }
  const what =
    request.mode === 'multi-view'
      ? `Virtually stage this photo of a ${room} as one of ${MULTI_VIEW_VARIANTS} alternative staging options ` +
        'in one consistent style: use a distinctly different furniture layout and selection for each option.'
      : `Virtually stage this photo of a ${room}: add realistic, well-proportioned furniture and decor that fit the space.`;
  const reference = options.withReference ? ` ${STYLE_REFERENCE_SENTENCE}` : '';
  return `${what} ${styleSentence(request.stylePreset)}${paletteSentence(request)}${reference} ${keep} ${REALISM}${customSentence(request)}`;
}

export const ANALYSIS_INSTRUCTIONS =
  'You look at a photo of a room for a real-estate listing. Answer with the room type and the interior ' +
  `style that fits it best. Room types: ${ROOM_TYPES.join(', ')} (use "other" when unsure or when it is ` +
  `not a room). Styles: ${STYLE_PRESETS.join(', ')}. Confidence: "high" only when the photo clearly shows ` +
  'that room type, "medium" when it could be another one, "low" when you are guessing.';

/** The JSON schema the vision model must answer with. */
export const ANALYSIS_SCHEMA = {
  type: 'object',
  properties: {
    roomType: { type: 'string', enum: [...ROOM_TYPES] },
    style: { type: 'string', enum: [...STYLE_PRESETS] },
    confidence: { type: 'string', enum: ['high', 'medium', 'low'] },
  },
  required: ['roomType', 'style', 'confidence'],
  additionalProperties: false,
} as const;
