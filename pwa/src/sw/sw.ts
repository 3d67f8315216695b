/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import '../lib/zod-config';
import { API_PREFIX_PATTERN } from '@shared/api/api-paths';
import { sendUpload } from '../offline/sender';
import { sessionAccount, SYNC_TAG, syncUploads } from '../offline/uploads';
import { USER_CACHES } from '../lib/cache-names';
import { openFromNotification, showPush } from './push';
import { isShareTarget, receiveSharedPhotos } from './share-target';
import { isProjectImage, projectImages } from './strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// The app shell: every built file, so every route opens offline after one visit.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes get the cached index.html; the API and the service worker itself never do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [API_PREFIX_PATTERN, /^\/sw\.js$/],
  }),
);

// The signed-in user's project images, for viewing cached projects offline. Auth and other API calls are not cached.
// No route matches the rest of /api, so the browser fetches it itself: the /api/events stream is never
// read into a cache or held by a handler.
registerRoute(({ url, request }) => request.method === 'GET' && isProjectImage(url), projectImages());

// Photos shared into the installed app (manifest share_target) go into the upload queue.
registerRoute(({ url, request }) => isShareTarget(url, request), receiveSharedPhotos, 'POST');

// Background Sync: the browser wakes us when the network is back, even with no tab open; it fires the
// event again later while photos (and properties made offline) still wait for the server.
self.addEventListener('sync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag !== SYNC_TAG) return;
  const windows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  e.waitUntil(syncUploads({ windows, account: sessionAccount, send: sendUpload }));
});

// Web Push: a staging finished while no tab may be open; a click on the notification opens it.
self.addEventListener('push', (event: PushEvent) => event.waitUntil(showPush(self, event)));
self.addEventListener('notificationclick', (event: NotificationEvent) =>
  event.waitUntil(openFromNotification(self, event)),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'CLEAR_USER_CACHES') {
    event.waitUntil(Promise.all(USER_CACHES.map((name) => caches.delete(name))).then(() => undefined));
  }
});
