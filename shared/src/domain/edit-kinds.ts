import type { AlterationClass } from './alterations';
import type { RoomType } from './staging';

/**
 * What an edit is meant to change: the structure check counts only changes outside it. 'lighting' is the
 * light of the whole photo (windows glow, walls take the evening light); 'whole' restyles what is in the room.
 */
export type EditRegion = 'whole' | 'painted' | 'lighting' | 'sky' | 'lawn' | 'walls' | 'floor';
/** Which photos an edit is for: exterior ones (dusk, sky, lawn), rooms (paint, floor) or any. */
export type EditPhotos = 'any' | 'exterior' | 'interior';

/** What a prompt builder knows of the edit asked for; `where` names the region (a mask or words). */
export interface EditPromptParams {
  instruction: string | null;
  preset: string | null;
  colour: string | null;
  where: string;
}

export interface EditKindInfo {
  /** The mode's name on its button and in the version list. */
  label: string;
  /** What it discloses; null keeps the class of what it edits (a refined staging stays staged). */
  alteration: AlterationClass | null;
  /** True when the user paints where it applies (sent as a mask where the engine takes one). */
  mask: boolean;
  region: EditRegion;
  photos: EditPhotos;
  /** Named presets, each with the engine's words for it; empty: the edit takes none. */
  presets: Readonly<Record<string, string>>;
  /** The engine's task for this edit, without the house rules every edit prompt carries. */
  task: (p: EditPromptParams) => string;
}

const preset = (p: EditPromptParams) => p.preset ?? '';

/**
 * Every edit a result takes, in one table: its label, disclosure class, whether it takes a mask, the
 * region it is meant to change, the photos it is for and its engine prompt. A new mode is one row.
 */
export const EDIT_KIND_TABLE = {
  refine: {
    label: 'Refine',
    alteration: null,
    mask: false,
    region: 'whole',
    photos: 'any',
    presets: {},
    task: (p) => `${p.instruction ?? ''}. Change only what this asks for; everything else stays as it is.`,
  },
  remove: {
    label: 'Remove',
    alteration: 'object-removed',
    mask: true,
    region: 'painted',
    photos: 'any',
    presets: {},
    task: (p) =>
      `Remove the object ${p.where} and fill the space with what would be behind it, matching the ` +
      'surrounding walls, floor, light and texture. Change nothing outside that area.',
  },
  fill: {
    label: 'Add',
    alteration: 'staged',
    mask: true,
    region: 'painted',
    photos: 'any',
    presets: {},
    task: (p) =>
      `Place ${p.instruction ?? ''} ${p.where}, in scale with the room, standing on the floor where it ` +
      'belongs, lit like the rest of the photo. Change nothing outside that area.',
  },
  dusk: {
    label: 'Day to dusk',
    alteration: 'dusk',
    mask: false,
    region: 'lighting',
    photos: 'exterior',
    presets: {
      'Warm twilight': 'a warm twilight sky, orange near the horizon fading to deep blue',
      'Blue hour': 'a deep blue-hour sky with the last light on the horizon',
    },
    task: (p) =>
      `Turn this daytime photo into a dusk photo: ${preset(p)}; every interior light on, windows ` +
      'glowing warm, exterior and garden lights on, the building and garden in soft evening light.',
  },
  sky: {
    label: 'Sky replacement',
    alteration: 'sky',
    mask: false,
    region: 'sky',
    photos: 'exterior',
    presets: {
      'Clear blue': 'a clear, deep blue sky',
      'Soft clouds': 'a bright blue sky with a few soft white clouds',
      Sunset: 'a warm sunset sky in orange and pink',
    },
    task: (p) =>
      `Replace only the sky with ${preset(p)}. The building, roof line, trees, garden and everything ` +
      'else stay exactly as they are, pixel for pixel; only their reflections of the sky may follow it.',
  },
  lawn: {
    label: 'Lawn greening',
    alteration: 'lawn',
    mask: false,
    region: 'lawn',
    photos: 'exterior',
    presets: {
      'Lush green': 'a healthy, lush green lawn, evenly watered',
      'Freshly mowed': 'a freshly mowed green lawn with faint mowing stripes',
    },
    task: (p) =>
      `Make only the grass ${preset(p)}: fill bare or brown patches with grass. Paths, beds, plants, ` +
      'trees, the building and the sky stay exactly as they are.',
  },
  paint: {
    label: 'Wall paint',
    alteration: 'paint',
    mask: false,
    region: 'walls',
    photos: 'interior',
    presets: {},
    task: (p) =>
      `Repaint only the walls in ${p.preset ?? 'the colour'} (${p.colour ?? ''}), a matte finish lit like ` +
      'the rest of the room. Trim, skirting, door and window frames, the ceiling, the floor and every ' +
      'object keep their colour.',
  },
  floor: {
    label: 'Floor change',
    alteration: 'floor',
    mask: false,
    region: 'floor',
    photos: 'interior',
    presets: {
      'Light oak': 'light natural oak planks',
      Walnut: 'dark walnut planks',
      'Grey tile': 'large light grey porcelain tiles',
      'White marble': 'polished white marble tiles',
      'Beige carpet': 'a soft beige wall-to-wall carpet',
    },
    task: (p) =>
      `Replace only the floor covering with ${preset(p)}, following the floor's perspective, with ` +
      'the same light and shadows. Walls, skirting, furniture and rugs stay exactly as they are.',
  },
} as const satisfies Record<string, EditKindInfo>;

export type EditKindName = keyof typeof EDIT_KIND_TABLE;
export const EDIT_KINDS = Object.keys(EDIT_KIND_TABLE) as [EditKindName, ...EditKindName[]];
/** The enhancement modes: each a preset (or a colour) and no mask. */
export const ENHANCEMENT_KINDS = ['dusk', 'sky', 'lawn', 'paint', 'floor'] as const;
export type EnhancementKind = (typeof ENHANCEMENT_KINDS)[number];

/** Named wall colours, with their hex value; the colour picker offers any other. */
export const PAINT_COLOURS = {
  'Alabaster white': '#EDEAE0',
  'Agreeable grey': '#D1CBC1',
  'Sage green': '#B2BCA5',
  'Pale blue': '#BFD3DF',
  'Warm beige': '#D8C3A5',
  'Navy blue': '#2F3D4C',
} as const satisfies Record<string, string>;
export const CUSTOM_COLOUR = 'Custom colour';

/** The name of a wall colour: its named colour, else 'Custom colour'. */
export const paintColourName = (hex: string): string =>
  Object.entries(PAINT_COLOURS).find(([, v]) => v.toLowerCase() === hex.toLowerCase())?.[0] ?? CUSTOM_COLOUR;

export const editKindInfo = (kind: EditKindName): EditKindInfo => EDIT_KIND_TABLE[kind];

/** True when the edit suits the photo's room type ('other' may be either, so it takes every edit). */
export function editSuits(kind: EditKindName, roomType: RoomType): boolean {
  const { photos } = EDIT_KIND_TABLE[kind];
  if (photos === 'any' || roomType === 'other') return true;
  return photos === 'exterior' ? roomType === 'exterior' : roomType !== 'exterior';
}

/** Why an edit does not suit the photo, in the user's words. */
export const editUnsuitedMessage = (kind: EditKindName): string =>
  EDIT_KIND_TABLE[kind].photos === 'exterior'
    ? `${EDIT_KIND_TABLE[kind].label} is for exterior photos: this project's room type is not Exterior.`
    : `${EDIT_KIND_TABLE[kind].label} is for photos of rooms, not exteriors.`;

/** The version list's words for an enhancement: its mode and preset ('Sky replacement: Sunset'). */
export const enhancementInstruction = (kind: EnhancementKind, presetName: string, colour?: string) =>
  `${EDIT_KIND_TABLE[kind].label}: ${presetName}${colour ? ` (${colour})` : ''}`;
