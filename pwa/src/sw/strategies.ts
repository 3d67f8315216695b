/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst } from 'workbox-strategies';
import { PROJECT_IMAGES_CACHE } from './cache-names';

/** A project's images never change once they exist, so the cache answers first; only 200s are kept. */
export const projectImages = () =>
  new CacheFirst({
    cacheName: PROJECT_IMAGES_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  });

/** `/api/projects/<id>/images/<kind>` (thumbs, originals, staged results), never other API data. */
export const isProjectImage = (url: URL): boolean =>
  url.origin === self.location.origin &&
  /^\/api\/projects\/[^/]+\/images\/(original|staged|thumb)$/.test(url.pathname);
