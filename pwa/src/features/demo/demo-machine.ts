import type { AnalyzeResponse, Project } from '@shared/api';
import {
  DEFAULT_STYLE_PRESET,
  roomTypeAfterAnalysis,
  usableStyle,
  type EngineKind,
  type RoomType,
  type StylePreset,
} from '@shared/domain';

/** The demo's states: idle, file chosen/analysing, analysed, staging, processing, completed or failed. */
export type DemoPhase = 'analysing' | 'analysed' | 'staging' | 'processing' | 'completed' | 'failed';

export interface DemoState {
  phase: DemoPhase;
  /** Unset until analysis presets it or the user picks one; staging needs it. */
  roomType: RoomType | null;
  style: StylePreset;
  detected: AnalyzeResponse | null;
  /** What stages rooms, once an answer said so: the preview engine gets a visible notice. */
  engine: EngineKind | null;
  projectId: string | null;
  project: Project | null;
  error: string | null;
  /** The server's sentence when the visitor's free demos (or analyses) are used up: offer to sign up. */
  limitReached: string | null;
  /** The server's sentence when it will not stage this photo at all (too small): another photo is needed. */
  refused: string | null;
}

export type DemoAction =
  | { type: 'analysed'; result: AnalyzeResponse }
  | { type: 'analysisFailed'; limitReached?: string; refused?: string }
  | { type: 'roomType'; roomType: RoomType }
  | { type: 'style'; style: StylePreset }
  | { type: 'stageStarted' }
  | { type: 'stageAccepted'; projectId: string; engine: EngineKind }
  | { type: 'stageRefused'; limitReached?: string }
  | { type: 'completed'; project: Project }
  | { type: 'failed'; error: string };

export const initialDemoState: DemoState = {
  phase: 'analysing',
  roomType: null,
  style: DEFAULT_STYLE_PRESET,
  detected: null,
  engine: null,
  projectId: null,
  project: null,
  error: null,
  limitReached: null,
  refused: null,
};

const busy = (phase: DemoPhase) => phase === 'staging' || phase === 'processing';

export function demoReducer(state: DemoState, action: DemoAction): DemoState {
  switch (action.type) {
    case 'analysed':
      if (state.phase !== 'analysing') return state;
      // An unsure answer presets nothing: the visitor's pick (or none yet) stays.
      return {
        ...state,
        phase: 'analysed',
        detected: action.result,
        engine: action.result.engine,
        roomType: state.roomType ?? roomTypeAfterAnalysis(action.result, null),
        // A visitor is never Pro: a detected Pro style presets the default one.
        style: action.result.confident ? usableStyle(action.result.style, false) : state.style,
      };
    case 'analysisFailed':
      return state.phase === 'analysing'
        ? {
            ...state,
            phase: 'analysed',
            limitReached: action.limitReached ?? state.limitReached,
            refused: action.refused ?? null,
          }
        : state;
    case 'roomType':
      return busy(state.phase) ? state : { ...state, roomType: action.roomType };
    case 'style':
      return busy(state.phase) ? state : { ...state, style: action.style };
    case 'stageStarted':
      if (!canStage(state)) return state;
      return { ...state, phase: 'staging', error: null, project: null, projectId: null, limitReached: null };
    case 'stageAccepted':
      return state.phase === 'staging'
        ? { ...state, phase: 'processing', projectId: action.projectId, engine: action.engine }
        : state;
    case 'stageRefused':
      return state.phase === 'staging'
        ? { ...state, phase: 'analysed', limitReached: action.limitReached ?? null }
        : state;
    case 'completed':
      return state.phase === 'processing'
        ? { ...state, phase: 'completed', project: action.project, engine: action.project.engine }
        : state;
    case 'failed':
      return state.phase === 'processing' ? { ...state, phase: 'failed', error: action.error } : state;
  }
}

/**
 * Staging can start only with a room type, while nothing is running, and while it can succeed: not once
 * the visitor's free demos are used up (until they start over), nor for a photo the server refused.
 */
export const canStage = (s: DemoState): boolean =>
  s.roomType !== null &&
  (s.phase === 'analysed' || s.phase === 'failed') &&
  s.limitReached === null &&
  s.refused === null;
