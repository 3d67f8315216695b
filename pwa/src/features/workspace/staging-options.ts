import {
  DEFAULT_COLOR_PALETTE,
  DEFAULT_ROOM_TYPE,
  DEFAULT_STAGING_MODE,
  DEFAULT_STYLE_PRESET,
  type ColorPalette,
  type RoomType,
  type StagingMode,
  type StylePreset,
} from '@shared/domain';

/** What the options panel edits and every generate sends. */
export interface StagingOptions {
  stagingMode: StagingMode;
  roomType: RoomType;
  stylePreset: StylePreset;
  colorPalette: ColorPalette;
  customPrompt: string;
  /** Staged without the structure lock: a design concept. */
  freeRestyle: boolean;
}

export const DEFAULT_STAGING_OPTIONS: StagingOptions = {
  stagingMode: DEFAULT_STAGING_MODE,
  roomType: DEFAULT_ROOM_TYPE,
  stylePreset: DEFAULT_STYLE_PRESET,
  colorPalette: DEFAULT_COLOR_PALETTE,
  customPrompt: '',
  freeRestyle: false,
};
