import type { PublicShare, ShareImageKind } from '@shared/api';
import { cleanDisplayText } from '@shared/domain';
import type { ProjectDoc } from '../../store';

export const shareImageUrl = (token: string, kind: ShareImageKind, variant?: number) =>
  `/api/shares/${encodeURIComponent(token)}/images/${kind}${variant === undefined ? '' : `?variant=${variant}`}`;

/** The public view of a shared project: its photos and options only, never the owner or the project id. */
export function toPublicShare(doc: ProjectDoc, token: string): PublicShare {
  const staged = shareImageUrl(token, 'staged');
  return {
    // Names stored before they were cleaned at the boundary are cleaned on the way to the public page.
    name: cleanDisplayText(doc.name),
    stagingMode: doc.stagingMode,
    roomType: doc.roomType,
    stylePreset: doc.stylePreset,
    engine: doc.engine,
    originalImageUrl: shareImageUrl(token, 'original'),
    stagedImageUrl: staged,
    variants:
      doc.images.staged.length > 1
        ? doc.images.staged.map((_, i) => shareImageUrl(token, 'staged', i))
        : [staged],
    width: doc.width,
    height: doc.height,
    createdAt: doc.createdAt.toISOString(),
  };
}
