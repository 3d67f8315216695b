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
  'exterior',
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
  exterior: 'Exterior',
  other: 'Other',
} as const satisfies Record<RoomType, string>;
/** The settings dialog's default-room list omits 'other'. */
export const SETTINGS_ROOM_TYPES: readonly RoomType[] = ROOM_TYPES.filter((r) => r !== 'other');
export type SettingsRoomType = Exclude<RoomType, 'other'>;

/** How a style's swatch draws its room: the main piece of furniture and one accent beside it. */
export const SWATCH_PIECES = ['sofa', 'armchair', 'daybed', 'bench'] as const;
export const SWATCH_ACCENTS = ['lamp', 'plant', 'frame', 'pendant', 'vase'] as const;
export interface StyleSwatch {
  wall: string;
  floor: string;
  furniture: string;
  accent: string;
  piece: (typeof SWATCH_PIECES)[number];
  accentShape: (typeof SWATCH_ACCENTS)[number];
}

export interface StylePresetInfo {
  label: string;
  /** One line under the label wherever styles are chosen or listed. */
  description: string;
  /** Pro-only (an advanced preset); the others are for everyone. */
  pro: boolean;
  swatch: StyleSwatch;
}

/**
 * The one list of style presets: the pickers, the prompts, the API's enum and Help all read it. The
 * first four are everyone's; the advanced presets after them are for Pro accounts.
 */
export const STYLE_PRESETS = [
  'modern',
  'scandinavian',
  'farmhouse',
  'industrial',
  'mid-century',
  'coastal',
  'japandi',
  'luxury',
  'traditional',
  'transitional',
  'bohemian',
  'minimalist',
] as const;
export type StylePreset = (typeof STYLE_PRESETS)[number];

export const STYLE_PRESET_INFO = {
  modern: {
    label: 'Modern',
    description: 'Clean lines, minimalist',
    pro: false,
    swatch: {
      wall: '#ECEDEF',
      floor: '#9A9EA5',
      furniture: '#2F3640',
      accent: '#C9A227',
      piece: 'sofa',
      accentShape: 'lamp',
    },
  },
  scandinavian: {
    label: 'Scandinavian',
    description: 'Light woods, cozy',
    pro: false,
    swatch: {
      wall: '#F6F3EE',
      floor: '#D8C3A0',
      furniture: '#B9C2C9',
      accent: '#6E8B74',
      piece: 'sofa',
      accentShape: 'plant',
    },
  },
  farmhouse: {
    label: 'Farmhouse',
    description: 'Rustic, warm',
    pro: false,
    swatch: {
      wall: '#F1E9DA',
      floor: '#8B6A48',
      furniture: '#E6DDCB',
      accent: '#4F6B52',
      piece: 'bench',
      accentShape: 'vase',
    },
  },
  industrial: {
    label: 'Industrial',
    description: 'Metal, exposed brick',
    pro: false,
    swatch: {
      wall: '#9C5B43',
      floor: '#5A5A5A',
      furniture: '#6B4A33',
      accent: '#1F1F1F',
      piece: 'sofa',
      accentShape: 'pendant',
    },
  },
  'mid-century': {
    label: 'Mid-century Modern',
    description: 'Walnut, tapered legs, retro',
    pro: true,
    swatch: {
      wall: '#F3E7CF',
      floor: '#7A4E2D',
      furniture: '#D88A2D',
      accent: '#2F6F6A',
      piece: 'armchair',
      accentShape: 'lamp',
    },
  },
  coastal: {
    label: 'Coastal',
    description: 'Airy whites, sea blues',
    pro: true,
    swatch: {
      wall: '#F7F5EF',
      floor: '#D9C7A7',
      furniture: '#7FB3C8',
      accent: '#2E6F8E',
      piece: 'sofa',
      accentShape: 'vase',
    },
  },
  japandi: {
    label: 'Japandi',
    description: 'Calm, natural, pared back',
    pro: true,
    swatch: {
      wall: '#EDE6DA',
      floor: '#B59B7C',
      furniture: '#6F6256',
      accent: '#3B3B36',
      piece: 'daybed',
      accentShape: 'plant',
    },
  },
  luxury: {
    label: 'Luxury',
    description: 'Velvet, marble, brass',
    pro: true,
    swatch: {
      wall: '#E9E4DD',
      floor: '#CFC8C0',
      furniture: '#1E3A5F',
      accent: '#C9A227',
      piece: 'sofa',
      accentShape: 'pendant',
    },
  },
  traditional: {
    label: 'Traditional',
    description: 'Classic, rich woods',
    pro: true,
    swatch: {
      wall: '#EADFC8',
      floor: '#5C3A21',
      furniture: '#7B2D26',
      accent: '#B08D57',
      piece: 'armchair',
      accentShape: 'frame',
    },
  },
  transitional: {
    label: 'Transitional',
    description: 'Classic meets modern',
    pro: true,
    swatch: {
      wall: '#EFEDE8',
      floor: '#A89F94',
      furniture: '#8C8479',
      accent: '#3E4A56',
      piece: 'sofa',
      accentShape: 'frame',
    },
  },
  bohemian: {
    label: 'Bohemian',
    description: 'Layered, eclectic, plants',
    pro: true,
    swatch: {
      wall: '#F2DFC7',
      floor: '#A0643A',
      furniture: '#B5523B',
      accent: '#4F7942',
      piece: 'daybed',
      accentShape: 'plant',
    },
  },
  minimalist: {
    label: 'Minimalist',
    description: 'Only the essentials',
    pro: true,
    swatch: {
      wall: '#FAFAFA',
      floor: '#E3E1DD',
      furniture: '#D4D2CE',
      accent: '#222222',
      piece: 'bench',
      accentShape: 'frame',
    },
  },
} as const satisfies Record<StylePreset, StylePresetInfo>;

export const stylePresetSchema = z
  .enum(STYLE_PRESETS)
  .describe(
    `Style preset. Advanced presets for Pro accounts only: ${STYLE_PRESETS.filter((s) => STYLE_PRESET_INFO[s].pro).join(', ')}`,
  );
const mapStyles = <V>(f: (info: StylePresetInfo) => V) =>
  Object.fromEntries(STYLE_PRESETS.map((s) => [s, f(STYLE_PRESET_INFO[s])])) as Record<StylePreset, V>;
export const STYLE_PRESET_LABELS: Record<StylePreset, string> = mapStyles((i) => i.label);
export const STYLE_PRESET_DESCRIPTIONS: Record<StylePreset, string> = mapStyles((i) => i.description);

/** True for an advanced preset, which only a Pro account may stage with. */
export const isProStyle = (style: StylePreset): boolean => STYLE_PRESET_INFO[style].pro;
export const FREE_STYLE_PRESETS: readonly StylePreset[] = STYLE_PRESETS.filter((s) => !isProStyle(s));
export const PRO_STYLE_PRESETS: readonly StylePreset[] = STYLE_PRESETS.filter(isProStyle);
/** Whether an account on this plan may stage in `style`. */
export const styleAllowed = (style: StylePreset, pro: boolean): boolean => pro || !isProStyle(style);

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
/** The style to preset for this plan: `style` when allowed, else the default (e.g. a lapsed Pro's saved default). */
export const usableStyle = (style: StylePreset, pro: boolean): StylePreset =>
  styleAllowed(style, pro) ? style : DEFAULT_STYLE_PRESET;
export const DEFAULT_COLOR_PALETTE: ColorPalette = 'neutral-warm';
/** Analysis falls back to this when the engine cannot tell. */
export const FALLBACK_ROOM_TYPE: RoomType = 'other';

/** What makes the results: an AI provider, or the local preview engine that only tints a copy. */
export const ENGINE_KINDS = ['openai', 'gemini', 'replicate', 'preview'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];
export const engineKindSchema = z.enum(ENGINE_KINDS);
export const isPreviewEngine = (engine: EngineKind | null | undefined): boolean => engine === 'preview';
