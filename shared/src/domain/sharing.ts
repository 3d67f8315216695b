import type { StagingMode } from './staging';

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

const EDITS = {
  stage: 'the furniture and decor were added digitally',
  'multi-view': 'the furniture and decor were added digitally',
  unstage: 'the furniture and clutter were removed digitally',
} as const satisfies Record<StagingMode, string>;

/** The disclosure on the share page: the staged view, or the original-photo view the QR code opens. */
export function shareNotice(mode: StagingMode, view: 'staged' | 'original'): string {
  return view === 'original'
    ? `You are looking at the unedited original photo. Drag the slider to the After side to see the virtually staged version, where ${EDITS[mode]}.`
    : `This photo has been virtually staged: ${EDITS[mode]}. Drag the slider to the Before side to see the unedited original photo.`;
}
export const SHARE_REVOKE_CONFIRM =
  'Anyone who has this link, and every listing-ready download that points to it, will no longer reach the photos. A new link can be created later.';

/** The manifest's share_target action: the installed app's service worker receives shared photos there. */
export const SHARE_TARGET_PATH = '/share-target';
/** The app page opened after a share: `/app?shared=<queued>`, or `unavailable` when nothing could take them. */
export const SHARED_PARAM = 'shared';
export const SHARE_UNAVAILABLE = 'unavailable';
