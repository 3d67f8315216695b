const MB = 1024 * 1024;

export const BATCH_MAX = 10;
export const UPLOAD_MAX_BYTES = 10 * MB;
/** The same limit as people read it. */
export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / MB;
/** The picker's hint under the single-photo and demo upload areas (here: the landing loads no zod). */
export const UPLOAD_HINT = `JPG, PNG up to ${UPLOAD_MAX_MB}MB`;
export const PROFILE_IMAGE_MAX_BYTES = 5 * MB;
export const STATUS_POLL_MS = 2000;
export const LIMITS_CACHE_MS = 30_000;
export const USER_STALE_MS = 1000;
/** One free-quota number everywhere (design.md): per calendar month, UTC. */
export const FREE_GENERATIONS_PER_MONTH = 5;
/** The paywall's maximum when limits carry no number. */
export const PAYWALL_FALLBACK_MAX = 10;
/** The terms' window: a failed subscription payment is retried for up to this many days. */
export const PAYMENT_RETRY_DAYS = 10;
/** Where the before/after divider starts, in percent (here, not in staging.ts: the landing loads no zod). */
export const DEFAULT_COMPARISON_SPLIT = 50;
export const RECENT_PROJECTS = 5;
/** GET /api/projects answers one page of a user's projects: this many unless `limit` asks otherwise. */
export const PROJECTS_PAGE_SIZE = 20;
/** The most projects one page of GET /api/projects may hold. */
export const PROJECTS_PAGE_MAX = 100;
/** The longest search by project name: a project name is at most this long. */
export const PROJECT_SEARCH_MAX = 120;
export const ESTIMATED_SECONDS = 30;
export const DEMO_ESTIMATE_TEXT = '30-60 seconds';
export const CUSTOM_PROMPT_MAX = 500;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const CONTACT_SEND_DELAY_MS = 1000;
export const PRO_PRICE_USD = 4.99;
export const PRO_PRICE_LABEL = '$4.99/month';
export const MULTI_VIEW_VARIANTS = 3;
export const EXPORT_4K_LONG_EDGE = 3840;
/** Decoding refuses larger images (decompression bombs); ~50 MP covers every phone and DSLR photo. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * The shorter side a room photo needs: the image models answer at 1024 px and more, and their vision
 * input is 512 px, so a thumbnail or an icon below this cannot be staged (refused at upload).
 */
export const MIN_PHOTO_SHORT_EDGE = 512;
/**
 * A room photo is stored with a 2048 px long edge, so past 4:1 its shorter side would fall below
 * MIN_PHOTO_SHORT_EDGE however large the upload: such panoramas and strips are refused at upload.
 */
export const MAX_PHOTO_ASPECT_RATIO = 4;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE MY ACCOUNT';
export const SUPPORT_HOURS = 'Monday to Friday, 9:00 AM to 6:00 PM PST';
export const SUPPORT_REPLY_TIME = 'within 24 hours';

/** The limits above as one object, for code that prefers `LIMITS.BATCH_MAX`. */
export const LIMITS = {
  BATCH_MAX,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
  PROFILE_IMAGE_MAX_BYTES,
  STATUS_POLL_MS,
  LIMITS_CACHE_MS,
  USER_STALE_MS,
  FREE_GENERATIONS_PER_MONTH,
  PAYWALL_FALLBACK_MAX,
  RECENT_PROJECTS,
  PROJECTS_PAGE_SIZE,
  PROJECTS_PAGE_MAX,
  PROJECT_SEARCH_MAX,
  ESTIMATED_SECONDS,
  CUSTOM_PROMPT_MAX,
  TOAST_LIMIT,
  TOAST_DURATION_MS,
  CONTACT_SEND_DELAY_MS,
  PRO_PRICE_USD,
  PRO_PRICE_LABEL,
  MULTI_VIEW_VARIANTS,
  EXPORT_4K_LONG_EDGE,
  MAX_INPUT_PIXELS,
  MIN_PHOTO_SHORT_EDGE,
  ACCEPTED_IMAGE_TYPES,
  DELETE_ACCOUNT_CONFIRMATION,
} as const;
