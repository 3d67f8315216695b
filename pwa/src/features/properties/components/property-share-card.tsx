import type { Property } from '@shared/api';
import { VIRTUALLY_STAGED_LABEL } from '@shared/domain';
import { ShareLinkCard } from '../../../components/share-link-card';
import { useCreatePropertyShare } from '../api/create-property-share';
import { usePropertyPublishedLinks } from '../api/delete-property';
import { usePropertyShare } from '../api/get-property-share';
import { useRevokePropertyShare } from '../api/revoke-property-share';
import { PROPERTY_TEXTS } from '../property-texts';

/** The property's one buyer link: create it and hand it on, copy, open, revoke. */
export function PropertyShareCard({ property }: { property: Property }) {
  const share = usePropertyShare(property.id);
  const create = useCreatePropertyShare();
  const revoke = useRevokePropertyShare();
  // Asked only when the revoke question opens.
  const printed = usePropertyPublishedLinks(property.id, false);
  return (
    <ShareLinkCard
      id="property-share"
      texts={{ ...PROPERTY_TEXTS, title: PROPERTY_TEXTS.shareTitle, linkLabel: PROPERTY_TEXTS.shareLink }}
      hint={PROPERTY_TEXTS.shareHint}
      link={share.data?.link ?? null}
      loadError={share.isError ? share.error.message : null}
      create={async () => (await create.mutateAsync(property.id)).url}
      creating={create.isPending}
      revoke={(done) => revoke.mutate(property.id, done)}
      revoking={revoke.isPending}
      printed={{ count: printed.data?.files, refresh: () => void printed.refetch() }}
      shareData={{
        title: property.name,
        text: `${property.name}: every room before and after (${VIRTUALLY_STAGED_LABEL.toLowerCase()})`,
      }}
    />
  );
}
