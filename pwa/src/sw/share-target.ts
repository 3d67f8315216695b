/// <reference lib="webworker" />
import { resizeForUpload } from '../lib/resize-image';
import { queueSharedPhotos, SHARE_TARGET_PATH, sharedPhotosPage } from '../offline/share';
import { registerUploadSync } from '../offline/uploads';

declare const self: ServiceWorkerGlobalScope;

export const isShareTarget = (url: URL, request: Request): boolean =>
  request.method === 'POST' && url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH;

/**
 * Photos shared into the installed app (manifest share_target): resized here like any pick, kept in the
 * upload queue, then the app opens on /app, where the queue status shows them and the runner sends them.
 */
export async function receiveSharedPhotos({ request }: { request: Request }): Promise<Response> {
  let result = { queued: 0, leftOut: 0 };
  try {
    result = await queueSharedPhotos(await request.formData(), resizeForUpload);
  } catch {
    // An unreadable share: the app opens and says nothing was added, rather than showing an error page.
  }
  // Sent even if the app is not opened again (where Background Sync exists).
  await registerUploadSync(self.registration);
  return Response.redirect(sharedPhotosPage(result, self.location.origin), 303);
}
