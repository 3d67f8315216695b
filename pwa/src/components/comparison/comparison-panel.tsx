import {
  DEFAULT_COMPARISON_SPLIT,
  STRUCTURE_CHANGES_HEADING,
  STRUCTURE_OPINION_PREFIX,
  STRUCTURE_RESTORED_EXPLAINED,
  STRUCTURE_WARNING,
  structureRestoredNote,
} from '@shared/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { StrokeIcon } from '../stroke-icon';
import { toastAvoid } from '../toast';
import { ComparisonSlider } from './comparison-slider';
import { clampSplit } from './use-split-drag';

// The fullscreen viewer (and Headless UI's dialog) loads only when someone asks for it.
const loadFullscreen = () => import('./comparison-fullscreen');
const ComparisonFullscreen = lazy(() => loadFullscreen().then((m) => ({ default: m.ComparisonFullscreen })));

export const SHOW_CHANGES_LABEL = 'Show changes';
export const CHANGES_LEGEND =
  'Highlighted in amber on the After side: the parts of the room our check found changed, or put back from your photo.';

/** What the structure check says about one result. */
export interface ResultCheck {
  /** A transparent image marking where the pixels changed. */
  changesUrl: string;
  /** The room's structure may have changed. */
  flagged: boolean;
  /** What still differs, one sentence each. */
  changes?: readonly string[];
  /** What a repair put back ('the window on the left'). */
  restored?: readonly string[];
  /** The vision model's words, when the local check did not clear the result and it was asked. */
  opinion?: string | null;
}

export const COMPARISON_TITLE = 'Before & After Comparison';
export const comparisonTitle = (projectName?: string): string =>
  projectName ? `${COMPARISON_TITLE} - ${projectName}` : COMPARISON_TITLE;

export interface ComparisonPanelProps {
  beforeUrl: string;
  afterUrl: string;
  projectName?: string;
  /** Shown as a Download button only when given; receives the selected variant's index. */
  onDownload?: (variantIndex: number) => void;
  /** Multi-view results: one staged image URL per option; a picker appears when there are several. */
  variants?: string[];
  /** Heading level that fits the page outline. */
  titleAs?: 'h2' | 'h3';
  /** Known size of the before photo: shapes the box before it loads (avoids layout shift). */
  imageWidth?: number;
  imageHeight?: number;
  loading?: 'lazy' | 'eager';
  /** Anything to show beside the title (a status or engine badge). */
  badge?: ReactNode;
  /** Where the divider starts, 0-100 (100 opens on the whole 'Before' photo). */
  initialSplit?: number;
  /** Controls shown just before the Download button (e.g. the download format). */
  downloadOptions?: ReactNode;
  /** The structure check of each result, in the order of `variants`: a 'Show changes' toggle and warnings. */
  checks?: readonly ResultCheck[];
  /** Kept as a design concept: its own note says so, so the warning no longer asks for a choice. */
  concept?: boolean;
  /** Which two versions the slider shows, said under the title ('Comparing v0 · Original with v2 · ...'). */
  comparing?: string;
  /** A note under the title with what it offers (a draft's: the final replaces it). */
  notice?: ReactNode;
}

const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400';

/** Spec's comparison panel: title, divider slider, Fullscreen, optional Download and variant picker. */
export function ComparisonPanel({
  beforeUrl,
  afterUrl,
  projectName,
  onDownload,
  variants,
  titleAs: Title = 'h2',
  imageWidth,
  imageHeight,
  loading,
  badge,
  initialSplit = DEFAULT_COMPARISON_SPLIT,
  downloadOptions,
  checks,
  concept = false,
  comparing,
  notice,
}: ComparisonPanelProps) {
  const [showChanges, setShowChanges] = useState(false);
  const [split, setSplit] = useState(() => clampSplit(initialSplit));
  const [fullscreen, setFullscreen] = useState(false);
  const [variant, setVariant] = useState(0);
  const options = variants && variants.length > 1 ? variants : undefined;
  const selected = Math.min(variant, (options?.length ?? 1) - 1);
  const shownAfter = options?.[selected] ?? afterUrl;
  const title = comparisonTitle(projectName);
  const check = checks?.[selected];
  const overlayUrl = showChanges ? check?.changesUrl : undefined;
  const restored = check?.restored ?? [];
  // The named changes sit beside the overlay while it is on.
  const opinion = check?.opinion ?? null;
  const named =
    Boolean(overlayUrl) && ((check?.changes?.length ?? 0) > 0 || restored.length > 0 || opinion !== null);

  return (
    <section
      {...toastAvoid}
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-3 sm:p-4"
      aria-label={title}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Title className="flex min-w-0 flex-wrap items-center gap-2 text-base font-semibold text-slate-100 sm:text-lg">
          <span className="min-w-0 break-words">{title}</span>
          {badge}
        </Title>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            onClick={() => setFullscreen(true)}
            onPointerEnter={() => void loadFullscreen()}
            onFocus={() => void loadFullscreen()}
          >
            <StrokeIcon size={18}>
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />
            </StrokeIcon>
            Fullscreen
          </button>
          {check && (
            <button
              type="button"
              className={`${button} ${showChanges ? 'border-amber-400 bg-amber-400/15' : ''}`}
              aria-pressed={showChanges}
              onClick={() => setShowChanges((on) => !on)}
            >
              <StrokeIcon size={18}>
                <path d="M3 12s3.5-6 9-6 9 6 9 6-3.5 6-9 6-9-6-9-6z" strokeLinejoin="round" />
                <circle cx="12" cy="12" r="2.5" />
              </StrokeIcon>
              {SHOW_CHANGES_LABEL}
            </button>
          )}
          {onDownload && downloadOptions}
          {onDownload && (
            <button
              type="button"
              className={`${button} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-500`}
              onClick={() => onDownload(selected)}
            >
              <StrokeIcon size={18}>
                <path d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
              </StrokeIcon>
              Download
            </button>
          )}
        </div>
      </div>
      {comparing && <p className="-mt-1 mb-3 text-xs text-slate-300">{comparing}</p>}
      {notice}
      {options && (
        <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label="Staging options">
          {/* Each option shows its own picture, side by side, so they are compared at a glance. */}
          {options.map((url, i) => (
            <button
              key={url}
              type="button"
              aria-pressed={i === selected}
              onClick={() => setVariant(i)}
              className={`flex min-h-11 flex-1 basis-24 flex-col items-center gap-1 rounded-lg p-1 text-sm font-medium ${
                i === selected
                  ? 'bg-indigo-600 text-white'
                  : 'border border-slate-700 text-slate-200 hover:bg-slate-800'
              }`}
            >
              <img src={url} alt="" loading="lazy" className="aspect-[4/3] w-full rounded object-cover" />
              Option {i + 1}
            </button>
          ))}
        </div>
      )}
      {check?.flagged && !concept && (
        <p
          role="note"
          className="mb-3 flex items-start gap-2 rounded-lg border border-amber-500/60 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
        >
          <StrokeIcon size={18} className="mt-0.5 shrink-0 text-amber-300">
            <path d="M12 4l9 16H3l9-16zM12 10v4M12 17h.01" strokeLinecap="round" strokeLinejoin="round" />
          </StrokeIcon>
          {STRUCTURE_WARNING}
        </p>
      )}
      {restored.length > 0 && (
        <p
          role="note"
          className="mb-3 rounded-lg border border-emerald-500/50 bg-emerald-500/10 px-3 py-2 text-sm text-emerald-100"
        >
          {structureRestoredNote(restored)}
        </p>
      )}
      {overlayUrl && <p className="mb-2 text-xs text-slate-300">{CHANGES_LEGEND}</p>}
      <div className={named ? 'grid gap-3 lg:grid-cols-[minmax(0,1fr)_16rem]' : ''}>
        <ComparisonSlider
          overlayUrl={overlayUrl}
          beforeUrl={beforeUrl}
          afterUrl={shownAfter}
          split={split}
          onSplitChange={setSplit}
          label={`${title}: before and after split`}
          width={imageWidth}
          height={imageHeight}
          loading={loading}
          className="rounded-xl bg-slate-950"
        />
        {named && (
          <section
            aria-label={STRUCTURE_CHANGES_HEADING}
            className="rounded-xl border border-slate-800 p-3 text-sm text-slate-200"
          >
            <h4 className="mb-2 font-semibold text-slate-100">{STRUCTURE_CHANGES_HEADING}</h4>
            <ul className="list-disc space-y-1 pl-5">
              {opinion && (
                <li>
                  {STRUCTURE_OPINION_PREFIX}
                  {opinion}
                </li>
              )}
              {(check?.changes ?? []).map((c) => (
                <li key={c}>{c}</li>
              ))}
              {restored.map((r) => (
                <li key={r}>
                  {structureRestoredNote([r])}. {STRUCTURE_RESTORED_EXPLAINED}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      {fullscreen && (
        <Suspense fallback={null}>
          <ComparisonFullscreen
            title={title}
            beforeUrl={beforeUrl}
            afterUrl={shownAfter}
            imageWidth={imageWidth}
            imageHeight={imageHeight}
            initialSplit={split}
            overlayUrl={overlayUrl}
            onClose={() => setFullscreen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
