import type { DownloadQuery, Export4kPlan } from '@shared/api';
import { EXPORT_4K_LONG_EDGE, downloadFileName, shareOriginalPath } from '@shared/domain';
import { previewRibbonMaxHeight, type Upscaler } from '../../ai';
import type { Logger } from '../../config';
import { AppError, forbidden } from '../../http/errors';
import { exportJpeg, exportListingJpeg } from '../../images';
import type { BlobStore, ProjectDoc, Repositories } from '../../store';
import { isPro } from '../limits';
import { export4kSources, type Export4kSourceImage } from './export-4k';
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
  /** A 4K download's source: native, upscaled, or enlarged (also when the upscaler failed this time). */
  export4k?: Pick<Export4kSourceImage, 'source' | 'sourceLongEdge'>;
}

/** The URL the listing label's QR code carries: the share page of the unedited original. */
function listingUrl(project: ProjectDoc, origin: string): string {
  if (!project.shareToken) throw new AppError(409, 'not_shared', LISTING_NEEDS_SHARE);
  return `${origin}${shareOriginalPath(project.shareToken)}`;
}

export function downloadsService(
  repos: Repositories,
  blobs: BlobStore,
  upscaler: Upscaler | null = null,
  logger?: Logger,
) {
  const sources = export4kSources(blobs, upscaler, logger, repos);
  return {
    /** What a 4K download of the project will be, told before it is made (the 4K switch's label). */
    async export4kPlan(id: string, viewerId: string | null): Promise<Export4kPlan> {
      const project = await readableProject(repos, id, viewerId);
      if (project.status !== 'completed') throw notReady();
      return sources.plan(project);
    },

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
      const fileName = downloadFileName(project._id, query);
      // The preview engine's ribbon runs along the bottom edge: the label goes above it, never over it.
      const keepClear = project.engine === 'preview' ? previewRibbonMaxHeight : undefined;
      if (query.size !== '4k') {
        const data = listing
          ? await exportListingJpeg(blob.data, listingUrl(project, origin), undefined, keepClear)
          : await exportJpeg(blob.data);
        return { data, contentType: 'image/jpeg', fileName };
      }
      const url = listing ? listingUrl(project, origin) : null;
      const from = await sources.source(project, query.variant ?? 0, blob.data);
      const data = url
        ? await exportListingJpeg(from.data, url, EXPORT_4K_LONG_EDGE, keepClear)
        : from.sized
          ? from.data
          : await exportJpeg(from.data, EXPORT_4K_LONG_EDGE);
      const export4k = { source: from.source, sourceLongEdge: from.sourceLongEdge };
      return { data, contentType: 'image/jpeg', fileName, export4k };
    },
  };
}
export type DownloadsService = ReturnType<typeof downloadsService>;
