import {
  FALLBACK_ROOM_TYPE,
  DEFAULT_STYLE_PRESET,
  ROOM_TYPES,
  STYLE_PRESETS,
  type ColorPalette,
  type EditKindName,
  type EngineKind,
  type RoomType,
  type StagingMode,
  type StylePreset,
} from '@shared/domain';
import type { PlanTier } from '../ai-models';
import type { PaintMask } from '../images';
import type { StructureOpinion } from './structure-review';

export type { EngineKind };

export {
  IMAGE_QUALITIES,
  PLAN_TIERS,
  type ImageChoice,
  type ImageQuality,
  type PlanTier,
} from '../ai-models';

/**
 * One call to a provider as the engine made it, with its estimated cost. A call that failed or timed out
 * after the provider started on it is reported too (`ok` false): the provider may bill it all the same.
 */
export interface ProviderCall {
  provider: 'openai' | 'gemini' | 'replicate';
  model: string;
  kind: 'image' | 'analysis' | 'upscale';
  images: number;
  size: string | null;
  quality: string | null;
  ok: boolean;
  /** Estimated dollars (prices.ts); null when the price table does not know the model. */
  usd: number | null;
}
/** Told of every provider call; it must not throw (a meter never fails a staging). */
export type CallMeter = (call: ProviderCall) => void;

/** Whether a provider still serves a model we are configured with (its model list's answer). */
export interface ModelAvailability {
  provider: 'openai' | 'gemini';
  /** 'draft': the fast pass whose first look a staging shows before its final. */
  role: 'image' | 'draft' | 'analysis';
  model: string;
  /** Null when the provider's model list could not be read: the models are still named, served unknown. */
  served: boolean | null;
  /** The shutdown day the provider's own model list gives (OpenAI's `shutdown_date`), when it gives one. */
  listedShutdown?: string | null;
}

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
  /** Whose staging this is: picks the operator's image model and quality for that plan (absent: pro's). */
  tier?: PlanTier;
  /** Told of each provider call this staging makes, with its estimated cost. */
  meter?: CallMeter;
  /**
   * The structure lock of a listing staging (255 where the photo may change, at any size): sent as the
   * edit mask where the model takes one; the job lays every result into the photo through it. Absent: a
   * free restyle, or unstaging.
   */
  lock?: PaintMask;
  /** The agent chose a free restyle: no lock, and the result is a design concept (labelled as one). */
  freeRestyle?: boolean;
  /** A first look: the engine's fast, cheap pass (see `draftPass`), shown until the final replaces it. */
  draft?: boolean;
}

/** A follow-up edit of a result: an instruction, a mask (remove, fill), or an enhancement's preset. */
export interface EditRequest {
  kind: EditKindName;
  instruction: string | null;
  /** An enhancement's preset name (a key of its mode's presets), or a wall paint's colour name. */
  preset?: string;
  /** Wall paint: the colour, #RRGGBB. */
  colour?: string;
  /** Remove, fill: where the user painted, at the image's size (one byte a pixel, 255 = painted). */
  mask?: { data: Buffer; width: number; height: number };
  /** The same region in words, for engines that take no mask. */
  region?: string;
  roomType: RoomType;
  tier?: PlanTier;
  meter?: CallMeter;
}

/** What an edit came back with; `note` says when the engine could not really make it (the preview). */
export interface EditOutput {
  image: Buffer;
  note: string | null;
}

/** What stages a room. `image` is always our normalised sRGB JPEG, without metadata. */
export interface StagingEngine {
  readonly kind: EngineKind;
  /** The provider's model that makes the images; null for the local preview engine. */
  readonly model: string | null;
  /** True when `stage` uses `referenceImage`; rooms then wait for their reference (absent: false). */
  readonly takesReferenceImage?: boolean;
  /**
   * What `stage` does for a `draft` request (its fast model, quality or size), in words for the operator;
   * null (or absent) when the engine has no fast option, so no draft is made.
   */
  readonly draftPass?: string | null;
  analyze(image: Buffer, signal?: AbortSignal, meter?: CallMeter): Promise<RoomAnalysis>;
  /** One image per result: 1, or MULTI_VIEW_VARIANTS in multi-view mode. */
  stage(image: Buffer, request: StageRequest, signal?: AbortSignal): Promise<Buffer[]>;
  /**
   * A second opinion on a result the local structure check did not clear: the vision model compares it
   * with the photo on the permanent elements and answers our JSON schema. Null when its answer is no
   * opinion (absent: the engine has no vision model to ask).
   */
  reviewStructure?(
    original: Buffer,
    result: Buffer,
    signal?: AbortSignal,
    meter?: CallMeter,
  ): Promise<StructureOpinion | null>;
  /** A new version of a result (absent: this engine takes no edits; the app says so before any credit). */
  edit?(image: Buffer, request: EditRequest, signal?: AbortSignal): Promise<EditOutput>;
  /** Asks the provider's model list whether the configured models are served (absent: nothing to ask). */
  checkModels?(signal?: AbortSignal): Promise<ModelAvailability[]>;
}

/** Calls the meter, if any, and never lets it break the caller. */
export function report(meter: CallMeter | undefined, call: ProviderCall): void {
  try {
    meter?.(call);
  } catch {
    // A cost that cannot be recorded is a lost figure, not a failed staging.
  }
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
