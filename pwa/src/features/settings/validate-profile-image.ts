import {
  ACCEPTED_IMAGE_TYPES,
  PROFILE_IMAGE_INVALID_TYPE,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  type TitledMessage,
} from '@shared/domain';

const ACCEPTED: readonly string[] = [...ACCEPTED_IMAGE_TYPES, 'image/jpg'];

/** The product's client-side checks before uploading a profile picture (the server checks the bytes again). */
export function validateProfileImage(file: File): TitledMessage | null {
  if (!ACCEPTED.includes(file.type)) return PROFILE_IMAGE_INVALID_TYPE;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_TOO_LARGE;
  return null;
}
