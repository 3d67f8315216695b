import { DEMO_ESTIMATE_TEXT, STAGING_FAILED_TITLE, isPreviewEngine, type EngineKind } from '@shared/domain';
import { ApiError } from '../../lib/api-client';

/** The demo's toasts, verbatim (docs/product.md): the texts with an AI provider. */
export const DEMO_TOASTS = {
  analysisFailed: { title: 'Analysis Failed', description: 'Could not analyze the image. Please try again.' },
  started: { title: 'AI Staging Started', description: 'Your room is being staged with AI magic...' },
  startFailed: { title: STAGING_FAILED_TITLE, description: 'Could not stage the room. Please try again.' },
  complete: { title: 'Staging Complete!', description: 'Your room has been staged with AI magic.' },
  projectFailedFallback: 'Unknown error occurred',
} as const;

/** With the preview engine the start and end toasts claim no AI: nothing is added to the room. */
const PREVIEW_TOASTS = {
  started: {
    title: 'Preview Started',
    description: 'Making a colour-tinted preview of your photo: no AI provider is connected.',
  },
  complete: {
    title: 'Preview Ready',
    description: 'Only the colours were tinted: no AI provider is connected, so nothing was added.',
  },
} as const;

/** The start and end toasts for the engine that stages the room. */
export const stagingToasts = (engine: EngineKind) => (isPreviewEngine(engine) ? PREVIEW_TOASTS : DEMO_TOASTS);

/** Said while the room is being worked on: the product's sentence with AI, a plain one for a preview. */
export function workingText(engine: EngineKind | null): string {
  if (engine === null) return 'Uploading your photo...';
  return isPreviewEngine(engine)
    ? 'Making a colour-tinted preview of your photo. This takes a few seconds.'
    : `Our AI is staging your room. This takes about ${DEMO_ESTIMATE_TEXT}.`;
}

/** Shown under the status line when the analysis could not tell the room. */
export const PICK_ROOM_TEXT = 'Choose the room type below, then stage the room.';

/** The inline offer when a visitor's free demos are used up. */
export const DEMO_LIMIT = {
  title: 'Free demo limit reached',
  fallback: "You've used the free demo for now. Create a free account to keep staging.",
  action: 'Create a free account',
} as const;

/** A 429 from the demo's endpoints: the server's sentence (or ours), shown with the sign-up offer. */
export function limitSentence(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 429) return undefined;
  return refusalText(err, DEMO_LIMIT.fallback);
}

/** The text under a failed demo: 'Staging failed: ' plus the error, or 'Unknown error'. */
export const failureText = (error: string | null): string => `Staging failed: ${error || 'Unknown error'}`;

/**
 * The server's own sentence for a refusal it explains (bad file, rate limit), else the product's generic text;
 * a 5xx or network failure is never shown raw.
 */
export function refusalText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !/^\d{3}: /.test(err.message)) {
    return err.message;
  }
  return fallback;
}
