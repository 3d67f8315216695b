import { useEffect, useRef, useState } from 'react';
import { failureToast } from '../../../components/toast';
import { bringIntoView } from '../../../lib/bring-into-view';
import type { BatchItem } from '../batch';
import { BatchResultPlaceholder } from '../batch';
import { downloadProject, useProject } from '../../../api/projects';
import { batchReviewPosition, WORKSPACE_TEXTS } from '../workspace-messages';
import { DOWNLOAD_TOASTS } from '../../../components/result-tools';
import { ResultColumn } from './result-column';

const navButton =
  'min-h-11 rounded-lg border border-slate-700 px-4 font-medium text-slate-200 hover:bg-slate-800 disabled:opacity-40';

/**
 * The batch's results in the batch tab, one after another: the chosen finished photo's before/after,
 * downloads and share link, with Previous and Next; the batch list stays where it is.
 */
export function BatchReview({
  items,
  selectedId,
  onSelect,
}: {
  items: readonly BatchItem[];
  /** The project shown; the first finished one when none (or a gone one) is chosen. */
  selectedId: string | null;
  onSelect: (projectId: string) => void;
}) {
  const done = items.flatMap((i) => (i.status === 'completed' && i.projectId ? [i] : []));
  const index = Math.max(
    0,
    done.findIndex((i) => i.projectId === selectedId),
  );
  const shown = done[index]?.projectId ?? null;
  const project = useProject(shown);
  const top = useRef<HTMLElement>(null);
  const [downloading, setDownloading] = useState(false);
  /** Every finished photo of the batch, one file after another (the browser saves each). */
  const downloadAll = async () => {
    setDownloading(true);
    try {
      for (const item of done) if (item.projectId) await downloadProject(item.projectId);
    } catch (err) {
      failureToast(DOWNLOAD_TOASTS.downloadFailed)(err);
    } finally {
      setDownloading(false);
    }
  };
  // The person chose a result (View, Previous, Next): its header comes into view, not on its own.
  useEffect(() => {
    if (selectedId) bringIntoView(top.current);
  }, [selectedId]);
  if (!shown) return <BatchResultPlaceholder hasItems={items.length > 0} />;

  const go = (step: number) => {
    const next = done[index + step]?.projectId;
    if (next) onSelect(next);
  };
  return (
    <section ref={top} aria-label={WORKSPACE_TEXTS.batchReview} className="scroll-mt-20 space-y-3">
      <div className="flex items-center justify-between gap-2 rounded-2xl border border-slate-800 bg-slate-900 p-2">
        <button type="button" className={navButton} disabled={index === 0} onClick={() => go(-1)}>
          {WORKSPACE_TEXTS.previousPhoto}
        </button>
        <p className="text-center text-sm text-slate-300" aria-live="polite">
          {batchReviewPosition(index + 1, done.length)}
        </p>
        <button type="button" className={navButton} disabled={index >= done.length - 1} onClick={() => go(1)}>
          {WORKSPACE_TEXTS.nextPhoto}
        </button>
      </div>
      {done.length > 1 && (
        <button
          type="button"
          className={`${navButton} w-full`}
          disabled={downloading}
          onClick={() => void downloadAll()}
        >
          {downloading ? WORKSPACE_TEXTS.downloadingAll : WORKSPACE_TEXTS.downloadAll(done.length)}
        </button>
      )}
      {project.data ? (
        <ResultColumn
          project={project.data}
          status={null}
          previewUrl={null}
          creating={false}
          scrollOnShow={false}
        />
      ) : (
        <p className="p-4 text-sm text-slate-400">{WORKSPACE_TEXTS.loadingResult}</p>
      )}
    </section>
  );
}
