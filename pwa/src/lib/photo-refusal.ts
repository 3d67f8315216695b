import { PHOTO_TOO_NARROW_CODE, PHOTO_TOO_SMALL_CODE } from '@shared/domain';
import { ApiError } from './api-client';

/**
 * The server's sentence when it refused the photo itself in a way that would certainly repeat at Generate
 * (too small, or too long and narrow, to stage); null for any other failure, which stays a mere analysis failure.
 */
export function photoRefusal(err: unknown): string | null {
  const refused = err instanceof ApiError && [PHOTO_TOO_SMALL_CODE, PHOTO_TOO_NARROW_CODE].includes(err.code);
  return refused ? err.message : null;
}
