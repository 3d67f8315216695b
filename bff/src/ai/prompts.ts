import {
  COLOR_PALETTE_LABELS,
  COLOR_PALETTE_SWATCHES,
  DEFAULT_STYLE_PRESET,
  EDIT_KIND_TABLE,
  MULTI_VIEW_VARIANTS,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  STYLE_PRESETS,
  STYLE_PRESET_LABELS,
  type RoomType,
  type StylePreset,
} from '@shared/domain';
import type { EditRequest, StageRequest } from './engine';

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

const roomName = (room: RoomType) =>
  room === 'other' ? 'room' : room === 'exterior' ? 'house exterior' : ROOM_TYPE_LABELS[room].toLowerCase();

/** What each style means to the image model: furniture, materials and mood, in a designer's words. */
export const STYLE_PROMPTS = {
  modern:
    'sleek low-profile furniture with clean lines, flat surfaces and slim metal legs, a restrained palette, ' +
    'uncluttered surfaces and a few bold accents',
  scandinavian:
    'light oak and birch furniture, soft wool and linen textiles, white and pale grey tones, simple organic ' +
    'shapes, cosy throws and a few green plants',
  farmhouse:
    'rustic reclaimed-wood furniture, shiplap-style accents, a linen slipcovered sofa, woven baskets, warm ' +
    'whites and vintage metal details',
  industrial:
    'leather and dark metal furniture, reclaimed wood, black steel frames, Edison-bulb pendant lights and ' +
    'raw, urban textures',
  'mid-century':
    'mid-century modern furniture in walnut and teak with tapered legs, an Eames-style lounge chair, organic ' +
    'curves, mustard, teal and burnt-orange accents and a sunburst or globe light',
  coastal:
    'relaxed beach-house furniture in white and sand tones with soft sea-blue accents, light washed woods, ' +
    'rattan and jute, linen slipcovers and airy, breezy styling',
  japandi:
    'low, calm Japanese-Scandinavian furniture in natural ash and dark-stained wood, muted earthy neutrals, ' +
    'linen and paper textures, a bonsai or branch arrangement and generous empty space',
  luxury:
    'high-end designer furniture in velvet and boucle, marble and polished stone surfaces, brass and gold ' +
    'details, a statement chandelier, layered lighting and hotel-like symmetry',
  traditional:
    'classic traditional furniture in rich dark woods, a rolled-arm sofa and wingback chairs, damask and ' +
    'floral fabrics, a Persian-style rug, framed art and table lamps in pairs',
  transitional:
    'transitional furniture that blends classic silhouettes with modern simplicity, soft greige and taupe ' +
    'neutrals, mixed wood and metal finishes and tailored upholstery',
  bohemian:
    'eclectic bohemian furniture with layered patterned rugs and textiles, rattan and macrame, floor ' +
    'cushions, many plants and warm terracotta, mustard and jewel tones',
  minimalist:
    'only a few essential pieces of simple, geometric furniture, a monochrome white, grey and black palette, ' +
    'hidden storage, no clutter and plenty of open floor',
} as const satisfies Record<StylePreset, string>;

function styleSentence(style: StylePreset | null): string {
  const s = style ?? DEFAULT_STYLE_PRESET;
  return `Style: ${STYLE_PRESET_LABELS[s]}, ${STYLE_PROMPTS[s]}.`;
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

/** A locked staging keeps only what it puts on the floor and low against the walls: it is told so. */
export const LOCKED_SENTENCE =
  'Place furniture and decor on the floor and low against the walls only: no wall art, shelves, curtains ' +
  'or lights on the upper walls, windows or ceiling.';

export interface PromptOptions {
  /** A second input image (a staged room of the same property) goes with the photo. */
  withReference?: boolean;
}

/** The image-edit prompt for a staging request: mode, room, style, palette and the user's own words. */
export function buildStagingPrompt(request: StageRequest, options: PromptOptions = {}): string {
  const room = roomName(request.roomType);
  const keep = request.strict ? `${KEEP_ARCHITECTURE} ${STRICT_SENTENCE}` : KEEP_ARCHITECTURE;
  // An exterior is staged with outdoor furniture and unstaged of yard clutter, never of its architecture.
  if (request.mode === 'unstage' && request.roomType === 'exterior') {
    return (
      'Virtually declutter this photo of a house exterior: remove bins, hoses, toys, vehicles and other ' +
      `clutter from the garden, drive and terrace. ${keep} ${REALISM}${customSentence(request)}`
    );
  }
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
      : request.roomType === 'exterior'
        ? `Virtually stage this photo of a ${room}: add realistic outdoor furniture, planters and decor on its terrace, deck or lawn, where they fit.`
        : `Virtually stage this photo of a ${room}: add realistic, well-proportioned furniture and decor that fit the space.`;
  const reference = options.withReference ? ` ${STYLE_REFERENCE_SENTENCE}` : '';
  const locked = request.lock ? ` ${LOCKED_SENTENCE}` : '';
  return `${what} ${styleSentence(request.stylePreset)}${paletteSentence(request)}${reference} ${keep}${locked} ${REALISM}${customSentence(request)}`;
}

export const ANALYSIS_INSTRUCTIONS =
  'You look at a photo of a room for a real-estate listing. Answer with the room type and the interior ' +
  `style that fits it best. Room types: ${ROOM_TYPES.join(', ')} (use "exterior" for the outside of a ` +
  `house, its front, garden or yard; "other" when unsure or when it is neither). Styles: ${STYLE_PRESETS.join(', ')}. Confidence: "high" only when the photo clearly shows ` +
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

/** The prompt of a follow-up edit: its mode's task (one table for all), and nothing else in the photo. */
export function buildEditPrompt(request: EditRequest, withMask: boolean): string {
  const kind = EDIT_KIND_TABLE[request.kind];
  const where = !kind.mask
    ? ''
    : withMask
      ? 'in the transparent area of the mask'
      : `in ${request.region ?? 'the marked area'} of the photo`;
  const presets: Readonly<Record<string, string>> = kind.presets;
  const preset = request.preset ? (presets[request.preset] ?? request.preset) : null;
  const task = kind.task({ instruction: request.instruction, preset, colour: request.colour ?? null, where });
  return [`Edit this ${roomName(request.roomType)} photo: ${task}`, KEEP_ARCHITECTURE, REALISM].join(' ');
}
