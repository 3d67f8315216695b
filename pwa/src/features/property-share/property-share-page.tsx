import { PREVIEW_SHARE_LABEL, SHARE_GONE_TEXT, SHARE_GONE_TITLE, SHARE_TOKEN_PATTERN } from '@shared/domain';
import { useParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { ShareUnavailable } from '../../components/shared-page';
import { usePublicProperty } from './api/get-public-property';
import { SharedPropertyView, showsPreviews } from './components/shared-property-view';
import { PROPERTY_SHARE_TEXTS } from './property-share-texts';

/**
 * What follows the token: nothing (the whole property), or `rooms/{roomId}/original` (where a listing
 * photo's QR code leads: that room on its original); null for anything else.
 */
export function parseSharePath(rest: string): { original: string | null } | null {
  if (rest === '') return { original: null };
  const match = /^rooms\/([0-9a-f-]{36})(?:\/original)?\/?$/i.exec(rest);
  return match ? { original: match[1]! } : null;
}

/** `/p/{token}`: a property's staged rooms for anyone with the link, no account needed. */
export function PropertySharePage() {
  const { token = '', '*': rest = '' } = useParams();
  const path = parseSharePath(rest);
  const valid = path !== null && SHARE_TOKEN_PATTERN.test(token);
  const share = usePublicProperty(token, valid);
  // Unknown, revoked, deleted and mistyped links alike: a buyer cannot tell them apart, nor needs to.
  const gone = !valid || (share.error instanceof ApiError && share.error.status === 404);
  const name = share.data?.name;
  const kind = share.data && showsPreviews(share.data) ? PREVIEW_SHARE_LABEL : PROPERTY_SHARE_TEXTS.title;
  const title = gone
    ? SHARE_GONE_TITLE
    : name
      ? `${name} (${kind.toLowerCase()})`
      : PROPERTY_SHARE_TEXTS.title;
  usePageMeta(title, gone ? SHARE_GONE_TEXT : PROPERTY_SHARE_TEXTS.description, { noindex: true });

  if (gone) return <ShareUnavailable />;
  if (share.data) return <SharedPropertyView property={share.data} original={path?.original ?? null} />;
  if (share.isError)
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <div
          role="alert"
          className="max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-8 text-center"
        >
          <h1 className="text-xl font-semibold">{PROPERTY_SHARE_TEXTS.loadFailed}</h1>
          <p className="mt-2 text-slate-300">{share.error.message}</p>
          <button
            type="button"
            onClick={() => void share.refetch()}
            className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-5 font-medium text-white hover:bg-indigo-500"
          >
            {PROPERTY_SHARE_TEXTS.tryAgain}
          </button>
        </div>
      </main>
    );
  return <FullScreenSpinner />;
}
