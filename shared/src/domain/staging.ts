import { z } from 'zod';

export const STAGING_MODES = ['stage', 'unstage', 'multi-view'] as const;
export type StagingMode = (typeof STAGING_MODES)[number];
export const stagingModeSchema = z.enum(STAGING_MODES);
export const STAGING_MODE_LABELS: Record<StagingMode, string> = {
  stage: 'Stage',
  unstage: 'Unstage',
  'multi-view': 'Multi-view',
};
export const STAGING_MODE_DESCRIPTIONS: Record<StagingMode, string> = {
  stage: 'Add furniture and decor',
  unstage: 'Remove furniture and clutter',
  'multi-view': 'Several styling options for one space',
};

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
export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  'living-room': 'Living Room',
  bedroom: 'Bedroom',
  kitchen: 'Kitchen',
  'dining-room': 'Dining Room',
  bathroom: 'Bathroom',
  office: 'Home Office',
  other: 'Other',
};
/** The settings dialog's default-room list omits 'other'. */
export const SETTINGS_ROOM_TYPES = ROOM_TYPES.filter((r) => r !== 'other');

export const STYLE_PRESETS = ['modern', 'scandinavian', 'farmhouse', 'industrial'] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number];
export const stylePresetSchema = z.enum(STYLE_PRESETS);
export const STYLE_PRESET_LABELS: Record<StylePreset, string> = {
  modern: 'Modern',
  scandinavian: 'Scandinavian',
  farmhouse: 'Farmhouse',
  industrial: 'Industrial',
};
export const STYLE_PRESET_DESCRIPTIONS: Record<StylePreset, string> = {
  modern: 'Clean lines, minimalist',
  scandinavian: 'Light woods, cozy',
  farmhouse: 'Rustic, warm',
  industrial: 'Metal, exposed brick',
};

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
export const COLOR_PALETTE_LABELS: Record<ColorPalette, string> = {
  'neutral-warm': 'Warm Neutrals',
  'neutral-cool': 'Cool Neutrals',
  'earth-tones': 'Earth Tones',
  monochrome: 'Monochrome',
  'navy-gold': 'Navy & Gold',
  'forest-green': 'Forest Green',
  'blush-gold': 'Blush & Gold',
  coastal: 'Coastal',
};
/** Four swatch colours per palette, lightest to darkest. */
export const COLOR_PALETTE_SWATCHES: Record<ColorPalette, readonly [string, string, string, string]> = {
  'neutral-warm': ['#F5EFE6', '#E3D5C1', '#C8B196', '#8B7355'],
  'neutral-cool': ['#F2F4F5', '#D9DEE2', '#A9B3BB', '#5F6B75'],
  'earth-tones': ['#E9DCC9', '#C49A6C', '#8F5E3B', '#4E3B2A'],
  monochrome: ['#FFFFFF', '#C7C7C7', '#6E6E6E', '#1F1F1F'],
  'navy-gold': ['#F4EBD0', '#D4AF37', '#2C3E66', '#14213D'],
  'forest-green': ['#E8EDE4', '#A3B18A', '#588157', '#344E41'],
  'blush-gold': ['#FBEDEA', '#F2C4C0', '#D8A47F', '#B08D57'],
  coastal: ['#F7F5EF', '#CFE3E8', '#7FB3C8', '#2E6F8E'],
};

export const DEFAULT_STAGING_MODE: StagingMode = 'stage';
export const DEFAULT_ROOM_TYPE: RoomType = 'living-room';
export const DEFAULT_STYLE_PRESET: StylePreset = 'modern';
export const DEFAULT_COLOR_PALETTE: ColorPalette = 'neutral-warm';
/** Analysis falls back to this when the engine cannot tell. */
export const FALLBACK_ROOM_TYPE: RoomType = 'other';
export const DEFAULT_COMPARISON_SPLIT = 50;
