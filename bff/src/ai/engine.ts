import {
  FALLBACK_ROOM_TYPE,
  DEFAULT_STYLE_PRESET,
  ROOM_TYPES,
  STYLE_PRESETS,
  type ColorPalette,
  type EngineKind,
  type RoomType,
  type StagingMode,
  type StylePreset,
} from '@shared/domain';

export type { EngineKind };

export interface RoomAnalysis {
  roomType: RoomType;
  style: StylePreset;
  /** Sure of the room type: only then may it replace the room type the user chose. */
  confident: boolean;
}

export interface StageRequest {
  mode: StagingMode;
  roomType: RoomType;
  /** Null in unstage mode. */
  stylePreset: StylePreset | null;
  colorPalette: ColorPalette | null;
  customPrompt: string | null;
  /**
   * Another room of the same property, already staged: its furniture style, palette and materials are
   * to be matched. Engines that cannot take a second image ignore it (see `takesReferenceImage`).
   */
  referenceImage?: Buffer;
  /** A second try after a result changed the room: the prompt insists harder on keeping its structure. */
  strict?: boolean;
}

/** What stages a room. `image` is always our normalised sRGB JPEG, without metadata. */
export interface StagingEngine {
  readonly kind: EngineKind;
  /** The provider's model that makes the images; null for the local preview engine. */
  readonly model: string | null;
  /** True when `stage` uses `referenceImage`; rooms then wait for their reference (absent: false). */
  readonly takesReferenceImage?: boolean;
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

export const FALLBACK_ANALYSIS: RoomAnalysis = {
  roomType: FALLBACK_ROOM_TYPE,
  style: DEFAULT_STYLE_PRESET,
  confident: false,
};

/**
 * Whatever an engine says, only known room types and styles come out ('other' / 'modern' otherwise); it is
 * confident only about a real room type it rated with high confidence.
 */
/** A model's JSON answer (or nothing, or text that is not JSON) as an analysis we can trust. */
export function analysisFromJson(text: string | null | undefined): RoomAnalysis {
  try {
    return clampAnalysis(text ? JSON.parse(text) : null);
  } catch {
    return clampAnalysis(null);
  }
}

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
  const roomType = (ROOM_TYPES as readonly string[]).includes(room)
    ? (room as RoomType)
    : FALLBACK_ANALYSIS.roomType;
  return {
    roomType,
    style: (STYLE_PRESETS as readonly string[]).includes(style)
      ? (style as StylePreset)
      : FALLBACK_ANALYSIS.style,
    confident: roomType !== FALLBACK_ROOM_TYPE && norm(obj.confidence) === 'high',
  };
}
