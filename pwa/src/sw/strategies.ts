/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst } from 'workbox-strategies';
import { apiPathPattern } from '@shared/api/api-paths';
import { PROJECT_IMAGES_CACHE } from '../lib/cache-names';

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

const PROJECT_IMAGE = apiPathPattern('projectImage', { kind: ['original', 'staged', 'thumb'] });
// A version's number is never given again, so its image is as cacheable as the others.
const VERSION_IMAGE = apiPathPattern('projectVersionImage');

/**
 * A project's thumb, original or staged result (a new current version has its own `?version=`) and any
 * version's image, never other API data.
 */
export const isProjectImage = (url: URL): boolean =>
  url.origin === self.location.origin &&
  (PROJECT_IMAGE.test(url.pathname) || VERSION_IMAGE.test(url.pathname));
