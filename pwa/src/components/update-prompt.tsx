import { useEffect, useState } from 'react';
import { onUpdateAvailable } from '../offline/service-worker';

export const UPDATE_TEXT = 'A new version is available';

/** Offers the waiting service worker; the user decides when to reload. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => void) | null>(null);
  useEffect(() => onUpdateAvailable((fn) => setApply(() => fn)), []);
  if (!apply) return null;
  return (
    <div role="status" className="fixed inset-x-0 bottom-0 z-[90] flex justify-center p-4">
      <div className="flex w-full max-w-md items-center justify-between gap-3 rounded-xl border border-indigo-700 bg-slate-900 p-3 shadow-2xl">
        <p className="text-sm">{UPDATE_TEXT}</p>
        <button
          type="button"
          onClick={apply}
          className="min-h-11 rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400"
        >
          Reload
        </button>
      </div>
    </div>
  );
}
