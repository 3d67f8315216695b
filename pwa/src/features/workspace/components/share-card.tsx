import type { Project } from '@shared/api';
import { VIRTUALLY_STAGED_LABEL } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { HandoverRecord } from '../../../components/handover-record';
import { ShareLinkCard, type ShareLinkTexts } from '../../../components/share-link-card';
import {
  useCreateProjectShare,
  useProjectShare,
  usePublishedLinks,
  useRevokeProjectShare,
} from '../../../api/projects';

const TEXTS: ShareLinkTexts = {
  title: 'Share with a buyer',
  linkLabel: 'Share link',
  shareButton: 'Share with buyer',
  creatingLink: 'Creating link...',
  copyLink: 'Copy link',
  openPage: 'Open page',
  revokeLink: 'Revoke link',
  revokeTitle: 'Revoke this share link?',
  revoking: 'Revoking...',
  linkRevokedText: 'The share page no longer opens for anyone.',
  linkCopiedText: 'Paste it into a message to your buyer.',
};

/** The owner's public before/after link: create and hand it on ('Share with buyer'), copy, open, revoke. */
export function ShareCard({ project }: { project: Project }) {
  const share = useProjectShare(project.id);
  const create = useCreateProjectShare();
  const revoke = useRevokeProjectShare();
  // Asked only when the revoke question opens.
  const printed = usePublishedLinks(project.id, false);
  return (
    <>
      <ShareLinkCard
        id="share"
        texts={TEXTS}
        hint={`A public page with the before/after slider, marked '${VIRTUALLY_STAGED_LABEL}'. No account needed to view it. Listing-ready downloads carry a QR code to its original photo.`}
        link={share.data?.link ?? null}
        loadError={share.isError ? share.error.message : null}
        create={async () => (await create.mutateAsync(project.id)).url}
        creating={create.isPending}
        revoke={(done) => revoke.mutate(project.id, done)}
        revoking={revoke.isPending}
        printed={{ count: printed.data?.files, refresh: () => void printed.refetch() }}
        shareData={{
          title: project.name,
          text: `${project.name}: before and after (${VIRTUALLY_STAGED_LABEL.toLowerCase()})`,
        }}
      />
      <HandoverRecord
        path={apiPath('projectHandovers', { id: project.id })}
        packet={{
          pdf: apiPath('projectAuditPacketPdf', { id: project.id }),
          json: apiPath('projectAuditPacket', { id: project.id }),
        }}
      />
    </>
  );
}
