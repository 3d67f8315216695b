import type { ImageKind } from '@shared/api';
import { AppError, notFound } from '../../http/errors';
import type { ImageAudience, ImageReader, StoredImage } from '../../images';
import type { ProjectDoc } from '../../store';

export const notReady = () =>
  new AppError(
    409,
    'not_ready',
    'This project has no staged image yet. Please wait until staging completes.',
  );

export const imageNotFound = () => notFound('Image not found.');

/**
 * Original and thumbnail always; a draft while staging; a staged image or its change mask (variant 0 unless
 * asked) only once the project completed.
 */
function keyOf(project: ProjectDoc, kind: ImageKind, variant: number | undefined): string | null {
  if (kind === 'original') return variant ? null : project.images.original;
  if (kind === 'thumb') return variant ? null : project.images.thumb;
  // A draft only while its staging is under way: once finished, the final (or nothing) is what there is.
  if (kind === 'draft')
    return project.status === 'processing' || project.status === 'pending'
      ? (project.draft?.staged[variant ?? 0] ?? null)
      : null;
  if (project.status !== 'completed') return null;
  if (kind === 'changes') return project.structure?.[variant ?? 0]?.changesKey ?? null;
  return project.images.staged[variant ?? 0] ?? null;
}

/**
 * A project's stored image, to whoever may already read the project (its owner, or a share link's
 * holder, `public`). Only ever one of the image types: anything else stored under an image key is not found.
 */
export async function projectImage(
  read: ImageReader,
  project: ProjectDoc,
  kind: ImageKind,
  variant: number | undefined,
  audience: ImageAudience,
): Promise<StoredImage> {
  const key = keyOf(project, kind, variant);
  const image = key ? await read(key, audience) : null;
  if (!image) throw imageNotFound();
  return image;
}
