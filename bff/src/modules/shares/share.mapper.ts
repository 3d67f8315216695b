import { apiPath, type PublicAgent, type PublicShare, type ShareImageKind } from '@shared/api';
import { cleanDisplayText } from '@shared/domain';
import type { ProjectDoc } from '../../store';

export const shareImageUrl = (token: string, kind: ShareImageKind, variant?: number) =>
  `${apiPath('shareImage', { token, kind })}${variant === undefined ? '' : `?variant=${variant}`}`;

export const shareAgentPhotoUrl = (token: string) => apiPath('shareAgentPhoto', { token });

/**
 * The public view of a shared project: its photos and options, its title (the property's name or address
 * for a property's room) and the agent's public profile; never the owner's account or the project id.
 */
export function toPublicShare(
  doc: ProjectDoc,
  token: string,
  about: { propertyName: string | null; agent: PublicAgent; concept: boolean },
): PublicShare {
  const staged = shareImageUrl(token, 'staged');
  // Names stored before they were cleaned at the boundary are cleaned on the way to the public page.
  const name = cleanDisplayText(doc.name);
  return {
    name,
    title: about.propertyName ? cleanDisplayText(about.propertyName) : name,
    agent: about.agent,
    stagingMode: doc.stagingMode,
    roomType: doc.roomType,
    stylePreset: doc.stylePreset,
    engine: doc.engine,
    concept: about.concept,
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
