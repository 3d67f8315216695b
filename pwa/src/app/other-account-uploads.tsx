import { useState } from 'react';
import {
  discardAccountUploads,
  discardOtherAccountText,
  otherAccountText,
  type OtherAccountUploads,
} from '../offline/uploads';

/** The look of every action in the upload queue status. */
export const actionClass = 'min-h-11 rounded-lg px-3 font-semibold hover:bg-slate-800';

/**
 * Photos kept on this device for another account: they upload once it signs in here again. Discard
 * (asked twice, they cannot be recovered) cleans up a shared device deliberately.
 */
export function OtherAccountUploadsNotice({ group }: { group: OtherAccountUploads }) {
  const [confirming, setConfirming] = useState(false);
  const whose = group.ownerName || 'another account';
  return (
    <div className="flex flex-wrap items-center gap-x-2 border-t border-slate-800 pt-2 first:border-t-0 first:pt-0">
      <p className="min-w-0 flex-1">{otherAccountText(group.count, group.ownerName)}</p>
      {confirming ? (
        <div role="group" aria-label={`Discard the photos of ${whose}`} className="w-full">
          <p className="text-amber-200">{discardOtherAccountText(group.count)}</p>
          <div className="flex justify-end gap-x-2">
            <button
              type="button"
              className={`${actionClass} text-slate-300`}
              onClick={() => setConfirming(false)}
            >
              Keep
            </button>
            <button
              type="button"
              className={`${actionClass} text-red-300`}
              onClick={() => void discardAccountUploads(group.ownerId)}
            >
              Discard Photos
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          aria-label={`Discard the photos of ${whose}`}
          className={`${actionClass} text-slate-300`}
          onClick={() => setConfirming(true)}
        >
          Discard
        </button>
      )}
    </div>
  );
}
