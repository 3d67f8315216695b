/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst } from 'workbox-strategies';
import { PROJECT_IMAGES_CACHE } from './cache-names';

/**
 * The server may answer an image with a redirect to object storage. An image request follows it in no-cors
 * mode and gets an opaque answer (status 0) that is never cached; in CORS mode the answer is a readable 200.
 * The cookie goes to our own origin only.
 */
const followToStorage: WorkboxPlugin = {
  requestWillFetch: ({ request }) =>
    Promise.resolve(
      new Request(request.url, { mode: 'cors', credentials: 'same-origin', redirect: 'follow' }),
    ),
};

/** A project's images never change once they exist, so the cache answers first; only 200s are kept. */
export const projectImages = () =>
  new CacheFirst({
    cacheName: PROJECT_IMAGES_CACHE,
    plugins: [
      followToStorage,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  });

/**
 * `/api/projects/<id>/images/<kind>` (thumbs, originals, staged results; a new current version has its
 * own `?version=`) and `/api/projects/<id>/versions/<n>/image` (never reused), never other API data.
 */
export const isProjectImage = (url: URL): boolean =>
  url.origin === self.location.origin &&
  /^\/api\/projects\/[^/]+\/(images\/(original|staged|thumb)|versions\/\d+\/image)$/.test(url.pathname);
