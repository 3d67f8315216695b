import type { DownloadQuery } from '@shared/api';
import { EXPORT_4K_LONG_EDGE, downloadFileName, shareOriginalPath } from '@shared/domain';
import { previewRibbonMaxHeight } from '../../ai';
import { AppError, forbidden } from '../../http/errors';
import { exportJpeg, exportListingJpeg } from '../../images';
import type { BlobStore, ProjectDoc, Repositories } from '../../store';
import { isPro } from '../limits';
import { readableProject } from './project-access';
import { imageNotFound, notReady } from './project-images';

/** Demo projects have no owner to share them, so no page for a QR code to point to. */
const LISTING_NEEDS_ACCOUNT =
  'Listing-ready downloads link to a share page of your project. Sign in and stage the photo in your workspace.';
/** The link is made by POST /share, never by a download: a download must not publish a project. */
const LISTING_NEEDS_SHARE =
  "A listing-ready image links to the project's share page. Create the share link first, then download.";

export interface Download {
  data: Buffer;
  contentType: 'image/jpeg';
  fileName: string;
}

/** The URL the listing label's QR code carries: the share page of the unedited original. */
function listingUrl(project: ProjectDoc, origin: string): string {
  if (!project.shareToken) throw new AppError(409, 'not_shared', LISTING_NEEDS_SHARE);
  return `${origin}${shareOriginalPath(project.shareToken)}`;
}

export function downloadsService(repos: Repositories, blobs: BlobStore) {
  return {
    /**
     * The staged image as a JPEG named staged-image-{id}.jpg; 4K (3840 px long edge) for Pro only.
     * Listing-ready (only the owner's, once shared) carries the label and the QR code of the share page
     * at `origin`, and is named staged-image-{id}-listing.jpg.
     */
    async download(
      id: string,
      viewerId: string | null,
      query: DownloadQuery,
      origin: string,
    ): Promise<Download> {
      const project = await readableProject(repos, id, viewerId);
      const listing = query.format === 'listing';
      if (listing && (!viewerId || project.ownerId !== viewerId))
        throw forbidden(LISTING_NEEDS_ACCOUNT, 'listing_needs_account');
      const viewer = viewerId ? await repos.users.findById(viewerId) : null;
      if (query.size === '4k' && !(viewer && isPro(viewer)))
        throw forbidden('4K export is a Pro feature. Upgrade to Pro to download in 4K.', 'pro_required');
      if (project.status !== 'completed') throw notReady();
      const key = project.images.staged[query.variant ?? 0];
      const blob = key ? await blobs.get(key) : null;
      if (!blob) throw imageNotFound();
      const longEdge = query.size === '4k' ? EXPORT_4K_LONG_EDGE : undefined;
      // The preview engine's ribbon runs along the bottom edge: the label goes above it, never over it.
      const keepClear = project.engine === 'preview' ? previewRibbonMaxHeight : undefined;
      const data = listing
        ? await exportListingJpeg(blob.data, listingUrl(project, origin), longEdge, keepClear)
        : await exportJpeg(blob.data, longEdge);
      return { data, contentType: 'image/jpeg', fileName: downloadFileName(project._id, query) };
    },
  };
}
export type DownloadsService = ReturnType<typeof downloadsService>;
