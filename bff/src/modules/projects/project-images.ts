import type { ImageKind } from '@shared/api';
import { AppError, notFound } from '../../http/errors';
import type { Blob, BlobStore, ProjectDoc } from '../../store';

export const notReady = () =>
  new AppError(
    409,
    'not_ready',
    'This project has no staged image yet. Please wait until staging completes.',
  );

export const imageNotFound = () => notFound('Image not found.');

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * Original and thumbnail always; a staged image or its change mask (variant 0 unless asked) only once the
 * project completed.
 */
function keyOf(project: ProjectDoc, kind: ImageKind, variant: number | undefined): string | null {
  if (kind === 'original') return variant ? null : project.images.original;
  if (kind === 'thumb') return variant ? null : project.images.thumb;
  if (project.status !== 'completed') return null;
  if (kind === 'changes') return project.structure?.[variant ?? 0]?.changesKey ?? null;
  return project.images.staged[variant ?? 0] ?? null;
}

/**
 * A project's stored image, to whoever may already read the project (its owner, or a share link's
 * holder). Only ever one of the image types: anything else stored under an image key is not found.
 */
export async function projectImage(
  blobs: BlobStore,
  project: ProjectDoc,
  kind: ImageKind,
  variant: number | undefined,
): Promise<Blob> {
  const key = keyOf(project, kind, variant);
  const blob = key ? await blobs.get(key) : null;
  if (!blob || !IMAGE_TYPES.has(blob.contentType)) throw imageNotFound();
  return blob;
}
