import { DRAFT_TEXTS } from '../workspace-messages';

/** Beside the comparison's title while it shows a first look: plainly not the final result. */
export function DraftBadge() {
  return (
    <span className="rounded-full border border-sky-400/70 bg-sky-400/15 px-2 py-0.5 text-xs font-semibold text-sky-100">
      {DRAFT_TEXTS.badge}
    </span>
  );
}

/**
 * What a draft is and what the agent can do with it: wait (the final replaces it in place) or keep it
 * as a design concept (saved to the device; never offered as listing-ready).
 */
export function DraftNotice({ url, projectName }: { url: string; projectName: string }) {
  return (
    <div
      role="note"
      className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-sky-500/50 bg-sky-500/10 px-3 py-2 text-sm text-sky-100"
    >
      <span>{DRAFT_TEXTS.note}</span>
      <a
        href={url}
        download={DRAFT_TEXTS.fileName(projectName)}
        title={DRAFT_TEXTS.keepHint}
        className="inline-flex min-h-11 items-center rounded-lg border border-sky-400/60 px-3 font-medium hover:bg-sky-400/10 focus-visible:outline-2 focus-visible:outline-sky-300"
      >
        {DRAFT_TEXTS.keep}
      </a>
    </div>
  );
}
