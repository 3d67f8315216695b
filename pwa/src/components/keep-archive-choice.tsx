import { DELETE_PUBLISHED_TEXTS } from '@shared/domain';

/**
 * In a delete confirmation: the photos handed over with short addresses that deleting would break, and
 * the choice to keep an archive page of each original (on by default, so printed links keep working).
 */
export function KeepArchiveChoice({
  links,
  keep,
  onChange,
}: {
  links: number;
  keep: boolean;
  onChange: (keep: boolean) => void;
}) {
  if (links === 0) return null;
  return (
    <div className="mt-4 rounded-lg border border-amber-700 bg-amber-950/40 p-3 text-sm">
      <p role="note" className="text-amber-100">
        {DELETE_PUBLISHED_TEXTS.warning(links)}
      </p>
      <label className="mt-3 flex min-h-11 items-center gap-3 text-slate-100">
        <input
          type="checkbox"
          checked={keep}
          onChange={(e) => onChange(e.target.checked)}
          className="h-5 w-5 shrink-0 accent-indigo-500"
        />
        {DELETE_PUBLISHED_TEXTS.keep}
      </label>
    </div>
  );
}
