/** Listing rules (e.g. California AB 723) ask for this label on an edited listing photo. */
export const VIRTUALLY_STAGED_LABEL = 'Virtually staged';
/** Printed above the short URL on a listing-ready image. */
export const LISTING_ORIGINAL_CAPTION = 'See the unedited original:';

export const DOWNLOAD_FORMATS = ['plain', 'listing'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const DOWNLOAD_FORMAT_LABELS = {
  plain: 'Plain',
  listing: 'Listing-ready',
} as const satisfies Record<DownloadFormat, string>;
export const DOWNLOAD_FORMAT_DESCRIPTIONS = {
  plain: 'The staged photo as it is',
  listing: "Adds a 'Virtually staged' label and a QR code linking to the unedited original",
} as const satisfies Record<DownloadFormat, string>;
export const DEFAULT_DOWNLOAD_FORMAT: DownloadFormat = 'plain';

/** staged-image-{id}.jpg, with -N for multi-view option N > 1 and -listing for listing-ready. */
export function downloadFileName(
  projectId: string,
  options: {
    variant?: number | undefined;
    format?: DownloadFormat | undefined;
    size?: '4k' | undefined;
  } = {},
): string {
  const variant = options.variant ? `-${options.variant + 1}` : '';
  const listing = options.format === 'listing' ? '-listing' : '';
  const size = options.size === '4k' ? '-4k' : '';
  return `staged-image-${projectId}${variant}${listing}${size}.jpg`;
}

/** 18 random bytes: 144 bits, 24 base64url characters without padding. */
export const SHARE_TOKEN_BYTES = 18;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** The public before/after page of a shared project, and the same page opened on the original photo. */
export const sharePagePath = (token: string) => `/s/${token}`;
export const SHARE_ORIGINAL_SEGMENT = 'original';
export const shareOriginalPath = (token: string) => `${sharePagePath(token)}/${SHARE_ORIGINAL_SEGMENT}`;

export const SHARE_REVOKE_CONFIRM =
  'Anyone who has this link will no longer reach the photos, and every photo already downloaded with its QR code or short address (listing-ready downloads, the labelled photos and captions of a ZIP) stops leading to its original. A new link can be created later; download those photos again then.';

/** The revoke question, with how many downloaded files carry a QR code or short address it would break. */
export function revokeConfirmText(printed: number | undefined): string {
  if (!printed) return SHARE_REVOKE_CONFIRM;
  const photos = printed === 1 ? '1 downloaded file carries' : `${printed} downloaded files carry`;
  return `${photos} a QR code or short address of this link: revoking breaks ${printed === 1 ? 'it' : 'them'}. ${SHARE_REVOKE_CONFIRM}`;
}

/** Asked before a listing-ready download makes the project's share link (its QR code needs that page). */
export const LISTING_SHARE_CONFIRM = {
  title: 'Create a public link for the QR code?',
  description:
    "A listing-ready image carries a QR code and a short web address that lead to a public page showing the unedited original photo. Downloading it creates that public share link for this project: anyone with the link can see the before and after photos, no account needed. You can revoke it at any time under 'Share with a buyer'.",
  confirm: 'Create link and download',
  busy: 'Creating link...',
} as const;

/** What a buyer sees at a share link that was revoked, deleted or never existed. */
export const SHARE_GONE_TITLE = 'This link is no longer available';
export const SHARE_GONE_TEXT =
  'The owner may have removed these photos or stopped sharing them. Please ask the agent who sent you the link for a new one.';

/** The short address of an original, printed on labelled photos: `/o/{code}`. */
export const ORIGINAL_PATH_PREFIX = '/o/';
export const originalPath = (code: string) => `${ORIGINAL_PATH_PREFIX}${code}`;

/** The page a QR code opens: the unaltered original, live or kept as an archive. */
export const ORIGINAL_PAGE_TEXTS = {
  title: 'Unaltered original photo',
  notice:
    'This is the original photo, not altered. A listing photo made from it was digitally altered (for example virtually staged).',
  archived: 'The listing this photo belonged to has been removed; only this original is kept.',
  listing: 'See the listing photos',
} as const;

/** Asked before a project or property whose photos were handed over with short links is deleted. */
export const DELETE_PUBLISHED_TEXTS = {
  warning: (links: number) =>
    `${links === 1 ? 'A photo of this listing was' : `${links} photos of this listing were`} downloaded with a QR code and a short address that lead to the unaltered original. Deleting breaks ${links === 1 ? 'it' : 'them'} unless you keep an archive page.`,
  keep: 'Keep an archive page of each original (the original photo and a notice only)',
} as const;

// In a file of their own: the app's first page checks for a share, and must not carry this file's texts.
export { SHARE_TARGET_PATH, SHARED_PARAM, SHARE_UNAVAILABLE } from './share-target';
