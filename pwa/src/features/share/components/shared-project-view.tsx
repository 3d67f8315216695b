import type { PublicShare } from '@shared/api';
import { ROOM_TYPE_LABELS, STYLE_PRESET_LABELS, shareLabel, shareNotice } from '@shared/domain';
import { Link } from 'react-router-dom';
import { ComparisonPanel } from '../../../components/comparison';
import { SiteFooter } from '../../../components/site-footer';
import { AgentCard, SharedPageHeader, StagedNotice, sharedLinkClass } from '../../../components/shared-page';

export type ShareView = 'staged' | 'original';

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
  const facts: string[] = share.title === share.name ? [] : [share.name];
  facts.push(ROOM_TYPE_LABELS[share.roomType]);
  if (share.stylePreset) facts.push(`${STYLE_PRESET_LABELS[share.stylePreset]} style`);
  facts.push(`Shared photos from ${sharedOn(share.createdAt)}`);
  const label = shareLabel(share.engine, share.concept);
  return (
    <div className="flex min-h-screen flex-col">
      <SharedPageHeader label={label} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 space-y-4 px-4 py-6">
        <div>
          <h1 className="text-2xl font-semibold break-words">
            {view === 'original' ? `Original photo: ${share.title}` : share.title}
          </h1>
          <p className="mt-1 text-sm text-slate-400">{facts.join(' · ')}</p>
        </div>
        <AgentCard agent={share.agent} />
        <StagedNotice
          label={label}
          text={shareNotice(share.stagingMode, view, share.engine, share.concept)}
        />
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
            <Link to={pagePath} className={sharedLinkClass}>
              Show the staged version
            </Link>
          ) : (
            <Link to={originalPath} className={sharedLinkClass}>
              View the unedited original
            </Link>
          )}
          <a href={share.originalImageUrl} target="_blank" rel="noopener" className={sharedLinkClass}>
            Open the original photo (full size)
          </a>
        </nav>
      </main>
      <SiteFooter />
    </div>
  );
}
