import type { Property } from '@shared/api';
import { SHARE_REVOKE_CONFIRM, VIRTUALLY_STAGED_LABEL } from '@shared/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureToast, showToast } from '../../../components/toast';
import { copyText, shareOrCopy, type ShareOutcome } from '../../../lib/share-or-copy';
import { useCreatePropertyShare } from '../api/create-property-share';
import { usePropertyShare } from '../api/get-property-share';
import { useRevokePropertyShare } from '../api/revoke-property-share';
import { PROPERTY_TEXTS } from '../property-texts';
import { button, card } from './styles';

function announce(outcome: ShareOutcome): void {
  if (outcome === 'copied')
    showToast({ title: PROPERTY_TEXTS.linkCopied, description: PROPERTY_TEXTS.linkCopiedText });
  if (outcome === 'failed')
    showToast({ title: PROPERTY_TEXTS.copyByHand, description: PROPERTY_TEXTS.copyByHandText });
}

const failed = failureToast;

/** The property's one buyer link: create it and hand it on, copy, open, revoke. */
export function PropertyShareCard({ property }: { property: Property }) {
  const share = usePropertyShare(property.id);
  const create = useCreatePropertyShare();
  const revoke = useRevokePropertyShare();
  const [confirming, setConfirming] = useState(false);
  const link = share.data?.link ?? null;

  const shareWithBuyers = async () => {
    let url = link?.url;
    if (!url) {
      try {
        url = (await create.mutateAsync(property.id)).url;
      } catch (err) {
        failed(PROPERTY_TEXTS.sharingFailed)(err);
        return;
      }
    }
    announce(
      await shareOrCopy({
        url,
        title: property.name,
        text: `${property.name}: every room before and after (${VIRTUALLY_STAGED_LABEL.toLowerCase()})`,
      }),
    );
  };
  const confirmRevoke = () =>
    revoke.mutate(property.id, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ title: PROPERTY_TEXTS.linkRevoked, description: PROPERTY_TEXTS.linkRevokedText });
      },
      onError: failed(PROPERTY_TEXTS.revokeFailed),
    });

  return (
    <section aria-labelledby="property-share-title" className={card}>
      <h2 id="property-share-title" className="text-lg font-semibold">
        {PROPERTY_TEXTS.shareTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{PROPERTY_TEXTS.shareHint}</p>
      {link && (
        <div className="mt-3">
          <label htmlFor="property-share-link" className="text-sm text-slate-400">
            {PROPERTY_TEXTS.shareLink}
          </label>
          <input
            id="property-share-link"
            readOnly
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 font-mono text-sm text-slate-100"
          />
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void shareWithBuyers()}
          disabled={create.isPending}
          className={`${button} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500`}
        >
          {create.isPending ? PROPERTY_TEXTS.creatingLink : PROPERTY_TEXTS.shareButton}
        </button>
        {link && (
          <>
            <button type="button" className={button} onClick={() => void copyText(link.url).then(announce)}>
              {PROPERTY_TEXTS.copyLink}
            </button>
            <a href={link.url} target="_blank" rel="noopener" className={button}>
              {PROPERTY_TEXTS.openPage}
            </a>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className={`${button} border-red-700 text-red-200 hover:bg-red-950`}
            >
              {PROPERTY_TEXTS.revokeLink}
            </button>
          </>
        )}
      </div>
      {share.isError && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {share.error.message}
        </p>
      )}
      <ConfirmDialog
        title={PROPERTY_TEXTS.revokeTitle}
        description={SHARE_REVOKE_CONFIRM}
        confirmLabel={PROPERTY_TEXTS.revokeLink}
        busyLabel={PROPERTY_TEXTS.revoking}
        open={confirming}
        busy={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
