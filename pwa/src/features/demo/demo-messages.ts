import { ApiError } from '../../lib/api-client';

/** The spec's demo toasts (section 8), verbatim. */
export const DEMO_TOASTS = {
  analyzed: 'Image Analyzed',
  analysisFailed: { title: 'Analysis Failed', description: 'Could not analyze the image. Please try again.' },
  started: { title: 'AI Staging Started', description: 'Your room is being staged with AI magic...' },
  startFailed: { title: 'Staging Failed', description: 'Could not stage the room. Please try again.' },
  complete: { title: 'Staging Complete!', description: 'Your room has been staged with AI magic.' },
  projectFailedFallback: 'Unknown error occurred',
} as const;

/** The text under a failed demo: 'Staging failed: ' plus the error, or 'Unknown error'. */
export const failureText = (error: string | null): string => `Staging failed: ${error || 'Unknown error'}`;

/**
 * The server's own sentence for a refusal it explains (bad file, rate limit), else the spec's generic text;
 * a 5xx or network failure is never shown raw.
 */
export function refusalText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !/^\d{3}: /.test(err.message)) {
    return err.message;
  }
  return fallback;
}
