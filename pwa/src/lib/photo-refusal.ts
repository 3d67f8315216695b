import { PHOTO_TOO_SMALL_CODE } from '@shared/domain';
import { ApiError } from './api-client';

/**
 * The server's sentence when it refused the photo itself in a way that would certainly repeat at Generate
 * (too small to stage); null for any other failure, which stays a mere analysis failure.
 */
export function photoRefusal(err: unknown): string | null {
  return err instanceof ApiError && err.code === PHOTO_TOO_SMALL_CODE ? err.message : null;
}
