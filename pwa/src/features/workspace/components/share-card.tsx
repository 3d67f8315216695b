import type { Project } from '@shared/api';
import { SHARE_REVOKE_CONFIRM, VIRTUALLY_STAGED_LABEL } from '@shared/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { failureToast, showToast } from '../../../components/toast';
import { copyText, shareOrCopy, type ShareOutcome } from '../../../lib/share-or-copy';
import { useCreateProjectShare, useProjectShare, useRevokeProjectShare } from '../../projects';

const SHARE_BUTTON = 'Share with buyer';
const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400 disabled:opacity-60';

function announce(outcome: ShareOutcome): void {
  if (outcome === 'copied')
    showToast({ title: 'Link Copied', description: 'Paste it into a message to your buyer.' });
  if (outcome === 'failed')
    showToast({
      title: 'Copy the Link',
      description: 'Your browser did not allow copying: select the link and copy it.',
    });
}

const failed = failureToast;

/** The owner's public before/after link: create and hand it on ('Share with buyer'), copy, open, revoke. */
export function ShareCard({ project }: { project: Project }) {
  const share = useProjectShare(project.id);
  const create = useCreateProjectShare();
  const revoke = useRevokeProjectShare();
  const [confirming, setConfirming] = useState(false);
  const link = share.data?.link ?? null;

  const shareWithBuyer = async () => {
    let url = link?.url;
    if (!url) {
      try {
        url = (await create.mutateAsync(project.id)).url;
      } catch (err) {
        failed('Sharing Failed')(err);
        return;
      }
    }
    announce(
      await shareOrCopy({
        url,
        title: project.name,
        text: `${project.name}: before and after (${VIRTUALLY_STAGED_LABEL.toLowerCase()})`,
      }),
    );
  };
  const confirmRevoke = () =>
    revoke.mutate(project.id, {
      onSuccess: () => {
        setConfirming(false);
        showToast({ title: 'Link Revoked', description: 'The share page no longer opens for anyone.' });
      },
      onError: failed('Revoke Failed'),
    });

  return (
    <section aria-labelledby="share-title" className="rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <h2 id="share-title" className="text-base font-semibold">
        Share with a buyer
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        A public page with the before/after slider, marked '{VIRTUALLY_STAGED_LABEL}'. No account needed to
        view it. Listing-ready downloads carry a QR code to its original photo.
      </p>
      {link && (
        <div className="mt-3">
          <label htmlFor="share-link" className="text-sm text-slate-400">
            Share link
          </label>
          <input
            id="share-link"
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
          onClick={() => void shareWithBuyer()}
          disabled={create.isPending}
          className={`${button} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500`}
        >
          {create.isPending ? 'Creating link...' : SHARE_BUTTON}
        </button>
        {link && (
          <>
            <button type="button" className={button} onClick={() => void copyText(link.url).then(announce)}>
              Copy link
            </button>
            <a href={link.url} target="_blank" rel="noopener" className={button}>
              Open page
            </a>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className={`${button} border-red-700 text-red-200 hover:bg-red-950`}
            >
              Revoke link
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
        title="Revoke this share link?"
        description={SHARE_REVOKE_CONFIRM}
        confirmLabel="Revoke link"
        busyLabel="Revoking..."
        open={confirming}
        busy={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
