import {
  ACCEPTED_IMAGE_TYPES,
  BATCH_MAX,
  DEFAULT_COLOR_PALETTE,
  DEFAULT_LOCAL_SETTINGS,
  DEFAULT_STAGING_MODE,
  batchItemName,
} from '@shared/domain';
import { readLocalSettings } from '../settings';
import { enqueueUpload, projectUploadFields } from '../uploads';
import { LEFT_OUT_PARAM, SHARED_PARAM, SHARE_FILES_FIELD } from './share-constants';

const DEFAULT_NAME = 'shared-photo.jpg';

export interface SharedPhotosResult {
  queued: number;
  /** Images past the batch maximum, and files that are not photos we can upload. */
  leftOut: number;
}

/**
 * Photos shared into the installed app: up to a batch of images go into the upload queue with the
 * default options (this device's default room and style, else the product defaults), named like batch
 * items. `prepare` is the client-side resize. The queue then uploads them like any other photo.
 */
export async function queueSharedPhotos(
  form: FormData,
  prepare: (file: Blob) => Promise<Blob> = (file) => Promise.resolve(file),
): Promise<SharedPhotosResult> {
  const entries = form.getAll(SHARE_FILES_FIELD).filter((v): v is File => typeof v !== 'string');
  const settings = await readLocalSettings().catch(() => DEFAULT_LOCAL_SETTINGS);
  let queued = 0;
  for (const image of entries.filter((f) => f.type.startsWith('image/') && f.size > 0)) {
    if (queued === BATCH_MAX) break;
    // The resize turns any image the browser decodes into a JPEG; what is still not one we accept stays out.
    const file = await prepare(image);
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) continue;
    const fileName = image.name || DEFAULT_NAME;
    const fields = projectUploadFields({
      name: batchItemName(fileName, settings.defaultRoomType),
      stagingMode: DEFAULT_STAGING_MODE,
      roomType: settings.defaultRoomType,
      stylePreset: settings.defaultStyle,
      colorPalette: DEFAULT_COLOR_PALETTE,
      customPrompt: '',
    });
    // The service worker does not know who is signed in: the first account to see them claims them.
    await enqueueUpload({ file, fileName, fields, owner: null });
    queued += 1;
  }
  return { queued, leftOut: entries.length - queued };
}

/** Where the service worker sends the user once the shared photos are queued. */
export function sharedPhotosPage(result: SharedPhotosResult, origin: string): string {
  const url = new URL('/app', origin);
  url.searchParams.set(SHARED_PARAM, String(result.queued));
  if (result.leftOut > 0) url.searchParams.set(LEFT_OUT_PARAM, String(result.leftOut));
  return url.href;
}
