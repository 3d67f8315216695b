import {
  DELETE_ACCOUNT_CONFIRMATION,
  MAX_INPUT_PIXELS,
  MAX_PHOTO_ASPECT_RATIO,
  MIN_PHOTO_SHORT_EDGE,
  UPLOAD_MAX_MB,
} from './limits';
import {
  DEFAULT_STYLE_PRESET,
  FREE_STYLE_PRESETS,
  ROOM_TYPE_LABELS,
  STYLE_PRESETS,
  STYLE_PRESET_LABELS,
  isPreviewEngine,
  type EngineKind,
  type RoomType,
  type StylePreset,
} from './staging';
import { PROJECT_STATUS_TEXTS, type ProjectStatus } from './status';

/** A product text of the form 'Title: description', kept in its two parts. */
export interface TitledMessage {
  title: string;
  description: string;
}
export const asSentence = (m: TitledMessage): string => `${m.title}: ${m.description}`;

export const PROFILE_IMAGE_INVALID_TYPE: TitledMessage = {
  title: 'Invalid file type',
  description: 'Please select a JPEG, PNG, or WebP image.',
};
export const PROFILE_IMAGE_TOO_LARGE: TitledMessage = {
  title: 'File too large',
  description: 'Image size must be less than 5MB.',
};
export const INVALID_DELETE_CONFIRMATION: TitledMessage = {
  title: 'Invalid confirmation',
  description: `Please type '${DELETE_ACCOUNT_CONFIRMATION}' to confirm.`,
};
export const NO_IMAGE_SELECTED: TitledMessage = {
  title: 'No Image Selected',
  description: 'Please upload a room photo first.',
};
export const NO_IMAGES_SELECTED: TitledMessage = {
  title: 'No Images Selected',
  description: 'Please upload room photos for batch processing.',
};
export const AUTHENTICATION_REQUIRED: TitledMessage = {
  title: 'Authentication Required',
  description: 'Please log in to create staging projects.',
};

export const PAYWALL_TITLE = 'Generation Limit Reached';
export const paywallText = (max: number): string =>
  `You've used all ${max} of your free generations. Upgrade to Pro for unlimited staging!`;

/** Upload refusals the server sends (and the client may show before uploading). */
export const UPLOAD_MESSAGES = {
  tooLarge: `This photo is larger than ${UPLOAD_MAX_MB} MB. Please choose a smaller photo or export it at a lower size.`,
  unsupportedType: 'This file type is not supported. Please upload a JPG, PNG or WebP photo.',
  empty: 'The file is empty. Please choose a room photo.',
  unreadable: 'This image could not be read; it may be damaged or incomplete. Please try another photo.',
  tooManyPixels: `This image has too many pixels to process (the limit is about ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please resize it and try again.`,
  missingFile: 'Please attach a room photo in the "image" field.',
  tooNarrow: `This photo is too long and narrow to stage (more than ${MAX_PHOTO_ASPECT_RATIO} to 1). Please crop it closer to the room, or take the room in a regular photo.`,
  tooSmall: `This photo is too small to stage: it needs at least ${MIN_PHOTO_SHORT_EDGE} pixels on its shorter side. Please use the original photo from your camera or phone, not a thumbnail.`,
} as const;

/** The error code of a photo too long and narrow to stage (its stored short edge would be below the minimum). */
export const PHOTO_TOO_NARROW_CODE = 'image_too_narrow';
/** The error code of a photo below the minimum size: analysis refuses it already, so Generate would too. */
export const PHOTO_TOO_SMALL_CODE = 'image_too_small';
/** The title over a refusal of the photo itself (its sentence says why). */
export const PHOTO_REFUSED_TITLE = 'Photo Not Accepted';

/** Added to a failure's sentence when the staging's credit went back to its owner. */
export const STAGING_CREDIT_RETURNED = 'Your credit was returned.';

/** Why a staging failed for good, kept as data: each place that tells the owner builds its own sentence. */
export interface StagingFailure {
  reason: string;
  creditReturned: boolean;
}

/** The sentence a failed project shows: why, and that the credit went back when one was charged. */
export const stagingFailureSentence = ({ reason, creditReturned }: StagingFailure): string =>
  creditReturned ? `${reason} ${STAGING_CREDIT_RETURNED}` : reason;

/** Why a staging failed, as its project shows it; `unexpected` only for a cause we cannot name. */
export const STAGING_FAILURES = {
  unexpected: 'Staging failed unexpectedly. Please try again.',
  interrupted: 'Staging was interrupted too many times.',
  photoMissing: 'The original photo of this project is missing. Please upload it again.',
  photoUnreadable: 'The stored photo of this project could not be read. Please upload it again.',
  photoDamaged: 'The uploaded photo was damaged on the server. Please upload it again.',
  photoTooSmall: UPLOAD_MESSAGES.tooSmall,
  storageRead: 'The photo could not be read from storage just now.',
  storageWrite: 'The staged image could not be saved just now.',
  unreadableResult: 'The AI provider returned an unreadable image.',
} as const;

const freeStyleNames = (): string => {
  const names = FREE_STYLE_PRESETS.map((s) => STYLE_PRESET_LABELS[s]);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
};
/** The error code of an advanced preset asked for by an account (or a demo) that is not Pro. */
export const PRO_STYLE_CODE = 'pro_style';
/** The paywall's title when a locked style was chosen. */
export const PRO_STYLE_TITLE = 'Pro Style';
/** Why a free account may not stage in `style`: the API's refusal and the paywall's sentence. */
export const proStyleMessage = (style: StylePreset): string =>
  `${STYLE_PRESET_LABELS[style]} is a Pro style. Upgrade to Pro to stage in all ${STYLE_PRESETS.length} styles, or choose ${freeStyleNames()}.`;
/** The demo has no plan to upgrade: it names the styles it stages in. */
export const demoProStyleMessage = (style: StylePreset): string =>
  `${STYLE_PRESET_LABELS[style]} is a Pro style. The demo stages in ${freeStyleNames()}.`;
/** Under a saved default style the account may no longer use (its Pro plan ended). */
export const lapsedStyleNote = (style: StylePreset): string =>
  `${STYLE_PRESET_LABELS[style]} is a Pro style: new stagings start in ${STYLE_PRESET_LABELS[DEFAULT_STYLE_PRESET]} until you upgrade again.`;

export const OUT_OF_CREDITS_MESSAGE =
  "You've used all your free generations for this month. Upgrade to Pro for unlimited staging!";

/** Shown wherever the local preview engine (no AI provider) would make the next result. */
export const PREVIEW_NOTICE: TitledMessage = {
  title: 'Preview mode',
  description: 'no AI provider is connected, so the photo is not really staged.',
};
/** Shown with a result the preview engine made (it stays a preview even after a provider is connected). */
export const PREVIEW_RESULT_NOTICE: TitledMessage = {
  title: 'Made in preview mode',
  description: 'no AI provider was connected, so this photo is only a colour-tinted copy, not really staged.',
};

/** The Help dialog's room step: the preview engine recognises no rooms, so it does not claim to. */
export function helpRoomStep(engine: EngineKind | null): string {
  return isPreviewEngine(engine)
    ? 'Choose the room type (preview mode cannot recognise rooms), then a mode.'
    : 'We detect the room type; check it and choose a mode.';
}

/** The progress text of a project: the product's texts, but the preview engine never claims an AI model. */
export function projectStatusText(status: ProjectStatus, engine: EngineKind): string {
  if (status === 'processing' && isPreviewEngine(engine))
    return 'Making a colour-tinted preview of your photo...';
  return PROJECT_STATUS_TEXTS[status];
}

/** Analysis answers: a confident one presets the room type, an unsure one keeps the user's choice. */
export const ANALYSIS_DETECTED_TITLE = 'Image Analyzed';
export const ANALYSIS_UNSURE_TITLE = 'Room type not detected';
export function analysisUnsureText(engine: EngineKind, kept: RoomType | null): string {
  const why = isPreviewEngine(engine)
    ? 'Preview mode cannot recognise rooms'
    : 'We could not tell which room this is';
  return kept ? `${why}: keeping ${ROOM_TYPE_LABELS[kept]}.` : `${why}: please choose the room type.`;
}

/** A project was made from the user's photo (the workspace, or the queue once it uploaded one). */
export const PROJECT_CREATED_TITLE = 'Project Created';
/** A staging that could not start or did not finish (the demo, any project that failed). */
export const STAGING_FAILED_TITLE = 'Staging Failed';
/** A download of a project's or a property's images that failed. */
export const DOWNLOAD_FAILED_TITLE = 'Download Failed';

export const BATCH_COMPLETE_TITLE = 'Batch Processing Complete';
/** Photos of a batch left unstaged because the credits ran out: in the end toast, and beside each. */
export const BATCH_NOT_RUN_SUMMARY = (n: number): string => `${n} not staged: no credits left`;
/**
 * The end of a batch run: the product's sentence when all went well, else how many failed and how many
 * were left unstaged (no credits left for them), each said as what it is.
 */
export const batchCompleteText = (completed: number, failed: number, notRun = 0): string => {
  const images = (n: number) => (n === 1 ? 'image' : 'images');
  const total = completed + failed + notRun;
  if (failed === 0 && notRun === 0) return `Processed ${completed} ${images(completed)} successfully.`;
  const parts = [failed > 0 ? `${failed} failed` : '', notRun > 0 ? BATCH_NOT_RUN_SUMMARY(notRun) : ''];
  return `Processed ${completed} of ${total} ${images(total)}; ${parts.filter(Boolean).join(', ')}.`;
};
export const BATCH_NOT_RUN_REASON =
  'Not staged: no credits were left for this photo. Upgrade to Pro, or stage it when your credits renew.';
