import {
  PREVIEW_SHARE_LABEL,
  SHARE_GONE_TEXT,
  SHARE_GONE_TITLE,
  SHARE_ORIGINAL_SEGMENT,
  isPreviewEngine,
  SHARE_TOKEN_PATTERN,
  shareOriginalPath,
  sharePagePath,
} from '@shared/domain';
import { useParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { useShare } from './api/get-share';
import { SharedProjectView, type ShareView } from './components/shared-project-view';
import { ShareUnavailable } from '../../components/shared-page';

const SHARE_TITLE = 'Virtually staged photos';
const SHARE_DESCRIPTION = 'Before and after photos of a virtually staged room, shared with Stagely.';

/** `/s/{token}` and `/s/{token}/original`: a shared project for anyone with the link, no account needed. */
export function SharePage() {
  const { token = '', '*': rest = '' } = useParams();
  const view: ShareView | null = rest === '' ? 'staged' : rest === SHARE_ORIGINAL_SEGMENT ? 'original' : null;
  const valid = view !== null && SHARE_TOKEN_PATTERN.test(token);
  const share = useShare(token, valid);
  // Unknown, revoked, deleted and mistyped links alike: a buyer cannot tell them apart, nor needs to.
  const gone = !valid || (share.error instanceof ApiError && share.error.status === 404);
  const name = share.data?.title;
  const kind = isPreviewEngine(share.data?.engine) ? PREVIEW_SHARE_LABEL : SHARE_TITLE;
  const title = gone ? SHARE_GONE_TITLE : name ? `${name} (${kind.toLowerCase()})` : SHARE_TITLE;
  usePageMeta(title, gone ? SHARE_GONE_TEXT : SHARE_DESCRIPTION, { noindex: true });

  if (gone) return <ShareUnavailable />;
  if (share.data)
    return (
      <SharedProjectView
        share={share.data}
        view={view}
        pagePath={sharePagePath(token)}
        originalPath={shareOriginalPath(token)}
      />
    );
  if (share.isError)
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <div
          role="alert"
          className="max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-8 text-center"
        >
          <h1 className="text-xl font-semibold">The photos could not be loaded</h1>
          <p className="mt-2 text-slate-300">{share.error.message}</p>
          <button
            type="button"
            onClick={() => void share.refetch()}
            className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-5 font-medium text-white hover:bg-indigo-500"
          >
            Try again
          </button>
        </div>
      </main>
    );
  return <FullScreenSpinner />;
}
