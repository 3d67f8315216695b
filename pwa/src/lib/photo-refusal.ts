import { ApiError } from './api-client';

/** The server refused the file itself: too large (413), not an image (415), unreadable or too small (422). */
const REFUSED_FILE_STATUSES = new Set([413, 415, 422]);

/**
 * The server's sentence when it refused the photo itself in a way that would certainly repeat at Generate
 * (not an image, damaged, too large or too small to stage); null for any other failure, which stays a
 * mere analysis failure.
 */
export function photoRefusal(err: unknown): string | null {
  return err instanceof ApiError && REFUSED_FILE_STATUSES.has(err.status) ? err.message : null;
}
