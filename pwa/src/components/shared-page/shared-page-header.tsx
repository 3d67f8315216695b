import { Link } from 'react-router-dom';

/** The top of a page shared with a buyer: the brand and what the photos are ('Virtually staged', or a preview). */
export function SharedPageHeader({ label }: { label: string }) {
  return (
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
  );
}

/** The disclosure a buyer reads before the photos: what was done to them. */
export function StagedNotice({ label, text }: { label: string; text: string }) {
  return (
    <p
      role="note"
      className="rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100"
    >
      <strong className="font-semibold">{label}.</strong> {text}
    </p>
  );
}

/** The look of the links under a shared photo. */
export const sharedLinkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400';
