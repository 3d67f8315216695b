import type { PublicProperty } from '@shared/api';
import { PREVIEW_SHARE_LABEL, VIRTUALLY_STAGED_LABEL, isPreviewEngine } from '@shared/domain';
import { SiteFooter } from '../../../components/site-footer';
import { AgentCard, SharedPageHeader, StagedNotice } from '../../../components/shared-page';
import { PROPERTY_SHARE_TEXTS, listingText } from '../property-share-texts';
import { SharedRoom } from './shared-room';

/** Some room is a preview-engine result: the page then calls them previews, never staged. */
export const showsPreviews = (property: PublicProperty): boolean =>
  property.rooms.some((r) => isPreviewEngine(r.engine));

/**
 * The read-only page a buyer opens: the property, the disclosure, then every staged room's before/after in
 * room order. Previews are called previews, never staged. `original`: the room a QR code points at.
 */
export function SharedPropertyView({
  property,
  original,
}: {
  property: PublicProperty;
  original: string | null;
}) {
  const preview = showsPreviews(property);
  const label = preview ? PREVIEW_SHARE_LABEL : VIRTUALLY_STAGED_LABEL;
  return (
    <div className="flex min-h-screen flex-col">
      <SharedPageHeader label={label} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold break-words">{property.name}</h1>
          {property.listingNumber && (
            <p className="mt-1 text-sm text-slate-400">{listingText(property.listingNumber)}</p>
          )}
        </div>
        <AgentCard agent={property.agent} />
        <StagedNotice
          label={label}
          text={preview ? PROPERTY_SHARE_TEXTS.preview : PROPERTY_SHARE_TEXTS.staged}
        />
        {property.rooms.length === 0 && <p className="text-slate-300">{PROPERTY_SHARE_TEXTS.empty}</p>}
        {property.rooms.map((room) => (
          <SharedRoom key={room.id} room={room} original={room.id === original} />
        ))}
      </main>
      <SiteFooter />
    </div>
  );
}
