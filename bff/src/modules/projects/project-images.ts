import type { Context } from 'koa';
import type { DownloadQuery, ImageKind } from '@shared/api';
import { EXPORT_4K_LONG_EDGE, downloadFileName } from '@shared/domain';
import { previewRibbonMaxHeight } from '../../ai';
import { cacheable } from '../../http/cache-control';
import { AppError, forbidden, notFound } from '../../http/errors';
import { exportJpeg, exportListingJpeg } from '../../images';
import type { BlobStore, ProjectDoc, UserDoc } from '../../store';
import { isPro } from '../limits/limits.service';

export const notReady = () =>
  new AppError(
    409,
    'not_ready',
    'This project has no staged image yet. Please wait until staging completes.',
  );

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

function keyOf(project: ProjectDoc, kind: ImageKind, variant: number | undefined): string | null {
  if (kind === 'original') return variant ? null : project.images.original;
  if (kind === 'thumb') return variant ? null : project.images.thumb;
  if (project.status !== 'completed') return null;
  return project.images.staged[variant ?? 0] ?? null;
}

/** Stored images only ever as the image type they are, never sniffed into something else. */
function sendImage(ctx: Context, data: Buffer, contentType: string, cacheControl?: string): void {
  if (!IMAGE_TYPES.has(contentType)) throw notFound('Image not found.');
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (cacheControl) cacheable(ctx, cacheControl);
  ctx.type = contentType;
  ctx.body = data;
}

/** A project's image; a shared one is sent without `cacheControl` (no-store), so revoking takes effect at once. */
export async function serveProjectImage(
  ctx: Context,
  blobs: BlobStore,
  project: ProjectDoc,
  kind: ImageKind,
  variant: number | undefined,
  cacheControl?: string,
): Promise<void> {
  const key = keyOf(project, kind, variant);
  const blob = key ? await blobs.get(key) : null;
  if (!blob) throw notFound('Image not found.');
  sendImage(ctx, blob.data, blob.contentType, cacheControl);
}

/**
 * The staged image as a JPEG attachment named staged-image-{id}.jpg; 4K (3840 px long edge) for Pro.
 * Listing-ready (`listingUrl` given, called only once the download is allowed) carries the label and
 * the QR code of the URL it answers, and is named staged-image-{id}-listing.jpg.
 */
export async function serveDownload(
  ctx: Context,
  blobs: BlobStore,
  project: ProjectDoc,
  user: UserDoc | null,
  query: DownloadQuery,
  listingUrl?: () => Promise<string>,
): Promise<void> {
  if (query.size === '4k' && !(user && isPro(user)))
    throw forbidden('4K export is a Pro feature. Upgrade to Pro to download in 4K.', 'pro_required');
  if (project.status !== 'completed') throw notReady();
  const key = project.images.staged[query.variant ?? 0];
  const blob = key ? await blobs.get(key) : null;
  if (!blob) throw notFound('Image not found.');
  const longEdge = query.size === '4k' ? EXPORT_4K_LONG_EDGE : undefined;
  // The preview engine's ribbon runs along the bottom edge: the label goes above it, never over it.
  const keepClear = project.engine === 'preview' ? previewRibbonMaxHeight : undefined;
  const jpeg = listingUrl
    ? await exportListingJpeg(blob.data, await listingUrl(), longEdge, keepClear)
    : await exportJpeg(blob.data, longEdge);
  ctx.set('Content-Disposition', `attachment; filename="${downloadFileName(project._id, query)}"`);
  sendImage(ctx, jpeg, 'image/jpeg');
}
