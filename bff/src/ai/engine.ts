import {
  FALLBACK_ROOM_TYPE,
  DEFAULT_STYLE_PRESET,
  ROOM_TYPES,
  STYLE_PRESETS,
  type ColorPalette,
  type RoomType,
  type StagingMode,
  type StylePreset,
} from '@shared/domain';

export type EngineKind = 'openai' | 'preview';

export interface RoomAnalysis {
  roomType: RoomType;
  style: StylePreset;
}

export interface StageRequest {
  mode: StagingMode;
  roomType: RoomType;
  /** Null in unstage mode. */
  stylePreset: StylePreset | null;
  colorPalette: ColorPalette | null;
  customPrompt: string | null;
}

/** What stages a room. `image` is always our normalised sRGB JPEG, without metadata. */
export interface StagingEngine {
  readonly kind: EngineKind;
  analyze(image: Buffer, signal?: AbortSignal): Promise<RoomAnalysis>;
  /** One image per result: 1, or MULTI_VIEW_VARIANTS in multi-view mode. */
  stage(image: Buffer, request: StageRequest, signal?: AbortSignal): Promise<Buffer[]>;
}

/** An engine failure with a sentence fit for the user; `transient` ones are worth another attempt. */
export class EngineError extends Error {
  override name = 'EngineError';
  constructor(
    message: string,
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const FALLBACK_ANALYSIS: RoomAnalysis = { roomType: FALLBACK_ROOM_TYPE, style: DEFAULT_STYLE_PRESET };

/** Whatever an engine says, only known room types and styles come out ('other' / 'modern' otherwise). */
export function clampAnalysis(raw: unknown): RoomAnalysis {
  const obj = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const norm = (v: unknown) =>
    typeof v === 'string'
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s_]+/g, '-')
      : '';
  const room = norm(obj.roomType);
  const style = norm(obj.style);
  return {
    roomType: (ROOM_TYPES as readonly string[]).includes(room)
      ? (room as RoomType)
      : FALLBACK_ANALYSIS.roomType,
    style: (STYLE_PRESETS as readonly string[]).includes(style)
      ? (style as StylePreset)
      : FALLBACK_ANALYSIS.style,
  };
}
