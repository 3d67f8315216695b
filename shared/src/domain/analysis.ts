import {
  ANALYSIS_DETECTED_TITLE,
  ANALYSIS_UNSURE_TITLE,
  analysisUnsureText,
  type TitledMessage,
} from './messages';
import {
  ROOM_TYPE_LABELS,
  STYLE_PRESET_LABELS,
  type EngineKind,
  type RoomType,
  type StylePreset,
} from './staging';

/** What an analysis says about a photo (the fields of the analyze answer the clients act on). */
export interface RoomDetection {
  roomType: RoomType;
  style: StylePreset;
  /** Only a confident answer may replace a room type the user chose (or their default). */
  confident: boolean;
  engine: EngineKind;
}

/** The room type after an analysis: a confident detection presets it, an unsure one keeps `current`. */
export function roomTypeAfterAnalysis<T extends RoomType | null>(
  detection: RoomDetection,
  current: T,
): RoomType | T {
  return detection.confident ? detection.roomType : current;
}

/**
 * The toast after an analysis: 'Detected: ' and the room (with its style where asked) when confident;
 * otherwise that nothing was detected and which room type stays, or that the user should choose one.
 */
export function analysisToast(
  detection: RoomDetection,
  kept: RoomType | null,
  options: { withStyle: boolean },
): TitledMessage {
  if (!detection.confident) {
    return { title: ANALYSIS_UNSURE_TITLE, description: analysisUnsureText(detection.engine, kept) };
  }
  const room = ROOM_TYPE_LABELS[detection.roomType];
  const style = options.withStyle ? ` (${STYLE_PRESET_LABELS[detection.style]} style)` : '';
  return { title: ANALYSIS_DETECTED_TITLE, description: `Detected: ${room}${style}` };
}
