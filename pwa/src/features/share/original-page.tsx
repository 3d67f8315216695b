import { ORIGINAL_PAGE_TEXTS, SHARE_GONE_TEXT, SHARE_GONE_TITLE } from '@shared/domain';
import { Link, useParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { ApiError } from '../../lib/api-client';
import { usePageMeta } from '../../lib/use-page-meta';
import { ShareUnavailable, SharedPageHeader, sharedLinkClass } from '../../components/shared-page';
import { useOriginal } from './api/get-original';
import { ProvenanceCheck } from './components/provenance-check';

/**
 * `/o/{code}`: where a labelled photo's QR code and short address lead. The unaltered original only, with
 * a notice; while the listing is shared, a link to its before/after page; after it was deleted, an archive.
 */
export function OriginalPage() {
  const { code = '' } = useParams();
  const original = useOriginal(code);
  const gone = original.error instanceof ApiError && original.error.status === 404;
  usePageMeta(
    gone ? SHARE_GONE_TITLE : ORIGINAL_PAGE_TEXTS.title,
    gone ? SHARE_GONE_TEXT : ORIGINAL_PAGE_TEXTS.notice,
    {
      noindex: true,
    },
  );
  if (gone) return <ShareUnavailable />;
  if (original.isError)
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <p role="alert" className="max-w-md text-center text-slate-300">
          {original.error.message}
        </p>
      </main>
    );
  if (!original.data) return <FullScreenSpinner />;
  const { imageUrl, width, height, archived, listingUrl } = original.data;
  return (
    <>
      <SharedPageHeader label={ORIGINAL_PAGE_TEXTS.title} />
      <main className="mx-auto max-w-5xl space-y-4 px-4 py-6">
        <h1 className="text-2xl font-bold">{ORIGINAL_PAGE_TEXTS.title}</h1>
        <p role="note" className="rounded-xl border border-slate-700 bg-slate-900 p-3 text-sm text-slate-200">
          {ORIGINAL_PAGE_TEXTS.notice}
          {archived && ` ${ORIGINAL_PAGE_TEXTS.archived}`}
        </p>
        <img
          src={imageUrl}
          width={width}
          height={height}
          alt={ORIGINAL_PAGE_TEXTS.title}
          className="h-auto w-full rounded-xl"
        />
        {listingUrl && (
          <Link to={listingUrl} className={sharedLinkClass}>
            {ORIGINAL_PAGE_TEXTS.listing}
          </Link>
        )}
        <ProvenanceCheck code={code} />
      </main>
    </>
  );
}
