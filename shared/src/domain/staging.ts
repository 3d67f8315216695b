import { z } from 'zod';

export const STAGING_MODES = ['stage', 'unstage', 'multi-view'] as const;
export type StagingMode = (typeof STAGING_MODES)[number];
export const stagingModeSchema = z.enum(STAGING_MODES);
export const STAGING_MODE_LABELS = {
  stage: 'Stage',
  unstage: 'Unstage',
  'multi-view': 'Multi-view',
} as const satisfies Record<StagingMode, string>;
export const STAGING_MODE_DESCRIPTIONS = {
  stage: 'Add furniture and decor',
  unstage: 'Remove furniture and clutter',
  'multi-view': 'Three variants of one room in one consistent style',
} as const satisfies Record<StagingMode, string>;

export const ROOM_TYPES = [
  'living-room',
  'bedroom',
  'kitchen',
  'dining-room',
  'bathroom',
  'office',
  'other',
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const roomTypeSchema = z.enum(ROOM_TYPES);
export const ROOM_TYPE_LABELS = {
  'living-room': 'Living Room',
  bedroom: 'Bedroom',
  kitchen: 'Kitchen',
  'dining-room': 'Dining Room',
  bathroom: 'Bathroom',
  office: 'Home Office',
  other: 'Other',
} as const satisfies Record<RoomType, string>;
/** The settings dialog's default-room list omits 'other'. */
export const SETTINGS_ROOM_TYPES: readonly RoomType[] = ROOM_TYPES.filter((r) => r !== 'other');
export type SettingsRoomType = Exclude<RoomType, 'other'>;

export const STYLE_PRESETS = ['modern', 'scandinavian', 'farmhouse', 'industrial'] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number];
export const stylePresetSchema = z.enum(STYLE_PRESETS);
export const STYLE_PRESET_LABELS = {
  modern: 'Modern',
  scandinavian: 'Scandinavian',
  farmhouse: 'Farmhouse',
  industrial: 'Industrial',
} as const satisfies Record<StylePreset, string>;
export const STYLE_PRESET_DESCRIPTIONS = {
  modern: 'Clean lines, minimalist',
  scandinavian: 'Light woods, cozy',
  farmhouse: 'Rustic, warm',
  industrial: 'Metal, exposed brick',
} as const satisfies Record<StylePreset, string>;

export const COLOR_PALETTES = [
  'neutral-warm',
  'neutral-cool',
  'earth-tones',
  'monochrome',
  'navy-gold',
  'forest-green',
  'blush-gold',
  'coastal',
] as const;
export type ColorPalette = (typeof COLOR_PALETTES)[number];
export const colorPaletteSchema = z.enum(COLOR_PALETTES);
export const COLOR_PALETTE_LABELS = {
  'neutral-warm': 'Warm Neutrals',
  'neutral-cool': 'Cool Neutrals',
  'earth-tones': 'Earth Tones',
  monochrome: 'Monochrome',
  'navy-gold': 'Navy & Gold',
  'forest-green': 'Forest Green',
  'blush-gold': 'Blush & Gold',
  coastal: 'Coastal',
} as const satisfies Record<ColorPalette, string>;
/** Four swatch colours per palette, lightest to darkest. */
export const COLOR_PALETTE_SWATCHES = {
  'neutral-warm': ['#F5EFE6', '#E3D5C1', '#C8B196', '#8B7355'],
  'neutral-cool': ['#F2F4F5', '#D9DEE2', '#A9B3BB', '#5F6B75'],
  'earth-tones': ['#E9DCC9', '#C49A6C', '#8F5E3B', '#4E3B2A'],
  monochrome: ['#FFFFFF', '#C7C7C7', '#6E6E6E', '#1F1F1F'],
  'navy-gold': ['#F4EBD0', '#D4AF37', '#2C3E66', '#14213D'],
  'forest-green': ['#E8EDE4', '#A3B18A', '#588157', '#344E41'],
  'blush-gold': ['#FBEDEA', '#F2C4C0', '#D8A47F', '#B08D57'],
  coastal: ['#F7F5EF', '#CFE3E8', '#7FB3C8', '#2E6F8E'],
} as const satisfies Record<ColorPalette, readonly [string, string, string, string]>;

export const DEFAULT_STAGING_MODE: StagingMode = 'stage';
export const DEFAULT_ROOM_TYPE: RoomType = 'living-room';
export const DEFAULT_STYLE_PRESET: StylePreset = 'modern';
export const DEFAULT_COLOR_PALETTE: ColorPalette = 'neutral-warm';
/** Analysis falls back to this when the engine cannot tell. */
export const FALLBACK_ROOM_TYPE: RoomType = 'other';

/** What makes the results: an AI provider, or the local preview engine that only tints a copy. */
export const ENGINE_KINDS = ['openai', 'gemini', 'replicate', 'preview'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];
export const engineKindSchema = z.enum(ENGINE_KINDS);
export const isPreviewEngine = (engine: EngineKind | null | undefined): boolean => engine === 'preview';
