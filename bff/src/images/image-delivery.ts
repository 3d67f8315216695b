import type { Config } from '../config';
import type { BlobStore } from '../store';

/** The only types an image route ever answers with: anything else stored under an image key is not found. */
export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Who may see an image: its owner only, or anyone holding a public share link. */
export type ImageAudience = 'private' | 'public';

/** An image's bytes (streamed through the BFF), or a short-lived link to them on object storage. */
export type StoredImage = { contentType: string; data: Buffer } | { contentType: string; url: string };

/** Reads the image under `key` for `audience`; null when absent or not an image. */
export type ImageReader = (key: string, audience: ImageAudience) => Promise<StoredImage | null>;

/**
 * A public (share) image's link lives at most this long whatever S3_LINK_SECONDS says: revoking a share
 * cannot recall a link already handed out, so it must expire soon after.
 */
export const SHARE_IMAGE_LINK_SECONDS = 60;

/**
 * What the linked response tells caches: a private image is never kept under its one-off URL; a public
 * share image is kept no longer than its link lives, so a revoked share's image does not outlive it in a
 * cache.
 */
export const LINK_CACHE: Record<ImageAudience, string> = {
  private: 'private, no-store',
  public: `public, max-age=${SHARE_IMAGE_LINK_SECONDS}`,
};

/**
 * S3_DELIVERY=redirect on a store that hands out links: the BFF only checks access and signs a URL, and
 * the bytes go from the bucket to the browser. Otherwise the bytes stream through the BFF.
 */
export function imageReader(
  blobs: BlobStore,
  config: Pick<Config, 'S3_DELIVERY' | 'S3_LINK_SECONDS'>,
): ImageReader {
  return async (key, audience) => {
    // A record that lost its shape may hold anything where a key belongs: that image is not there.
    if (typeof key !== 'string' || key === '') return null;
    if (config.S3_DELIVERY === 'redirect' && blobs.link) {
      const link = await blobs.link(key, {
        cacheControl: LINK_CACHE[audience],
        expiresInSeconds:
          audience === 'public'
            ? Math.min(config.S3_LINK_SECONDS, SHARE_IMAGE_LINK_SECONDS)
            : config.S3_LINK_SECONDS,
      });
      return link && IMAGE_TYPES.has(link.contentType)
        ? { contentType: link.contentType, url: link.url }
        : null;
    }
    const blob = await blobs.get(key);
    return blob && IMAGE_TYPES.has(blob.contentType)
      ? { contentType: blob.contentType, data: blob.data }
      : null;
  };
}
