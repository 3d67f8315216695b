/**
 * Every `error` code an API answer carries: the BFF's errors are typed against this list and the PWA compares
 * against it, so a code cannot be misspelt on either side. No zod here: the landing bundle may import it.
 */
export const API_ERROR_CODES = [
  // general
  'bad_request',
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unprocessable',
  'unavailable',
  'rate_limited',
  'cross_origin',
  'http_error',
  'internal_error',
  'insufficient_storage',
  // request bodies and uploads
  'bad_body',
  'unreadable_body',
  'bad_multipart',
  'missing_file',
  'empty_file',
  'field_too_long',
  'payload_too_large',
  'unsupported_media_type',
  'unreadable_image',
  'damaged_image',
  'too_many_pixels',
  'image_too_small',
  'image_too_narrow',
  'upload_too_slow',
  'bad_idempotency_key',
  'idempotency_key_used',
  'idempotency_in_progress',
  'account_mismatch',
  'id_taken',
  'invalid_key',
  'prompt_too_long',
  // accounts
  'email_taken',
  'email_missing',
  'email_unverified',
  'same_email',
  'weak_password',
  'wrong_password',
  'no_password',
  'invalid_reset_link',
  'invalid_email_link',
  'invalid_sign_up_link',
  'email_unconfirmed',
  'invalid_confirmation',
  'unknown_provider',
  'invalid_push_keys',
  'push_service_refused',
  // projects, properties and sharing
  'needs_subscription',
  'pro_required',
  'pro_style',
  'listing_needs_account',
  'property_full',
  'bad_room_order',
  'room_busy',
  'not_ready',
  'not_shared',
  'structure_undecided',
  'not_flagged',
  // versions and edits
  'project_changed',
  'edit_in_progress',
  'edits_unavailable',
  'edit_unsuited',
  'version_is_original',
  'version_is_current',
  // billing
  'already_pro',
  'payments_unavailable',
  'portal_unavailable',
  'no_customer',
  'no_client_secret',
  'bad_signature',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const known = new Set<string>(API_ERROR_CODES);
export const isApiErrorCode = (code: string): code is ApiErrorCode => known.has(code);
