import type { PublicShare } from '@shared/api';
import {
  PREVIEW_SHARE_LABEL,
  ROOM_TYPE_LABELS,
  STYLE_PRESET_LABELS,
  VIRTUALLY_STAGED_LABEL,
  isPreviewEngine,
  shareNotice,
} from '@shared/domain';
import { Link } from 'react-router-dom';
import { ComparisonPanel } from '../../../components/comparison';
import { SiteFooter } from '../../../components/site-footer';

export type ShareView = 'staged' | 'original';

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400';

const sharedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The read-only page a buyer opens: disclosure, before/after slider (on 'Before' for the original),
 * variants. A preview-engine result is called a preview, never staged.
 */
export function SharedProjectView({
  share,
  view,
  pagePath,
  originalPath,
}: {
  share: PublicShare;
  view: ShareView;
  pagePath: string;
  originalPath: string;
}) {
  const facts: string[] = [ROOM_TYPE_LABELS[share.roomType]];
  if (share.stylePreset) facts.push(`${STYLE_PRESET_LABELS[share.stylePreset]} style`);
  facts.push(`Shared photos from ${sharedOn(share.createdAt)}`);
  const label = isPreviewEngine(share.engine) ? PREVIEW_SHARE_LABEL : VIRTUALLY_STAGED_LABEL;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-800 bg-slate-950/95">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-3">
          <Link to="/" className="text-lg font-bold tracking-tight text-slate-100">
            Stagely
          </Link>
          <span className="rounded-full border border-amber-400/60 bg-amber-400/10 px-3 py-1 text-sm font-semibold text-amber-200">
            {label}
          </span>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold break-words">
            {view === 'original' ? `Original photo: ${share.name}` : share.name}
          </h1>
          <p className="mt-1 text-sm text-slate-400">{facts.join(' · ')}</p>
        </div>
        <p
          role="note"
          className="rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100"
        >
          <strong className="font-semibold">{label}.</strong>{' '}
          {shareNotice(share.stagingMode, view, share.engine)}
        </p>
        <ComparisonPanel
          key={view}
          beforeUrl={share.originalImageUrl}
          afterUrl={share.stagedImageUrl}
          projectName={share.name}
          variants={share.variants.length > 1 ? share.variants : undefined}
          imageWidth={share.width}
          imageHeight={share.height}
          loading="eager"
          initialSplit={view === 'original' ? 100 : 50}
          titleAs="h2"
        />
        <nav aria-label="Photos" className="flex flex-wrap gap-2">
          {view === 'original' ? (
            <Link to={pagePath} className={linkClass}>
              Show the staged version
            </Link>
          ) : (
            <Link to={originalPath} className={linkClass}>
              View the unedited original
            </Link>
          )}
          <a href={share.originalImageUrl} target="_blank" rel="noopener" className={linkClass}>
            Open the original photo (full size)
          </a>
        </nav>
      </main>
      <SiteFooter />
    </div>
  );
}
