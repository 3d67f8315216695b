import { revokeConfirmText } from '@shared/domain';
import { useState, type ReactNode } from 'react';
import { copyText, shareOrCopy, type ShareOutcome } from '../lib/share-or-copy';
import { ConfirmDialog } from './confirm-dialog';
import { SHARE_LINK_TOASTS } from './share-link-texts';
import { failureToast, showConfirmation, showNotice } from './toast';

/** What a share card says: a project's (one buyer) or a property's (buyers). */
export interface ShareLinkTexts {
  title: string;
  linkLabel: string;
  shareButton: string;
  creatingLink: string;
  copyLink: string;
  openPage: string;
  revokeLink: string;
  revokeTitle: string;
  revoking: string;
  /** What revoking and copying confirm: the page that closed, where to paste. */
  linkRevokedText: string;
  linkCopiedText: string;
}

export interface ShareLinkCardProps {
  /** Prefix of the card's element ids. */
  id: string;
  texts: ShareLinkTexts;
  hint: ReactNode;
  /** The live link, if any; `loadError` when it could not be read. */
  link: { url: string } | null;
  loadError: string | null;
  /** Makes the link (or answers the existing one); its URL. */
  create: () => Promise<string>;
  creating: boolean;
  revoke: (done: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
  revoking: boolean;
  /** What the system share sheet carries with the link. */
  shareData: { title: string; text: string };
  /** How many printed short addresses revoking breaks (asked again when the question opens). */
  printed?: { count: number | undefined; refresh: () => void };
}

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400 disabled:opacity-60';

/** A public link of the owner's: make it and hand it on (share sheet or clipboard), copy, open, revoke. */
export function ShareLinkCard(props: ShareLinkCardProps) {
  const { id, texts, link } = props;
  const [confirming, setConfirming] = useState(false);
  const announce = (outcome: ShareOutcome) => {
    if (outcome === 'copied')
      void showConfirmation({ title: SHARE_LINK_TOASTS.linkCopied, description: texts.linkCopiedText });
    if (outcome === 'failed') showNotice(SHARE_LINK_TOASTS.copyByHand);
  };

  const share = async () => {
    let url = link?.url;
    if (!url) {
      try {
        url = await props.create();
      } catch (err) {
        failureToast(SHARE_LINK_TOASTS.sharingFailed)(err);
        return;
      }
    }
    announce(await shareOrCopy({ url, ...props.shareData }));
  };
  const confirmRevoke = () =>
    props.revoke({
      onSuccess: () => {
        setConfirming(false);
        void showConfirmation({ title: SHARE_LINK_TOASTS.linkRevoked, description: texts.linkRevokedText });
      },
      onError: failureToast(SHARE_LINK_TOASTS.revokeFailed),
    });

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{props.hint}</p>
      {link && (
        <div className="mt-3">
          <label htmlFor={`${id}-link`} className="text-sm text-slate-400">
            {texts.linkLabel}
          </label>
          <input
            id={`${id}-link`}
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
          onClick={() => void share()}
          disabled={props.creating}
          className={`${button} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500`}
        >
          {props.creating ? texts.creatingLink : texts.shareButton}
        </button>
        {link && (
          <>
            <button type="button" className={button} onClick={() => void copyText(link.url).then(announce)}>
              {texts.copyLink}
            </button>
            <a href={link.url} target="_blank" rel="noopener" className={button}>
              {texts.openPage}
            </a>
            <button
              type="button"
              onClick={() => {
                props.printed?.refresh();
                setConfirming(true);
              }}
              className={`${button} border-red-700 text-red-200 hover:bg-red-950`}
            >
              {texts.revokeLink}
            </button>
          </>
        )}
      </div>
      {props.loadError && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {props.loadError}
        </p>
      )}
      <ConfirmDialog
        title={texts.revokeTitle}
        description={revokeConfirmText(props.printed?.count)}
        confirmLabel={texts.revokeLink}
        busyLabel={texts.revoking}
        open={confirming}
        busy={props.revoking}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRevoke}
      />
    </section>
  );
}
