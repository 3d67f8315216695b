import { useNavigate } from 'react-router-dom';
import { PROPERTIES_HOME } from '../../../lib/app-paths';
import { discardQueuedProperty, retryUpload, type QueuedProperty } from '../../../offline/uploads';
import { PROPERTY_TEXTS } from '../property-texts';

/**
 * A property made on this device that the server does not have yet: it waits (and goes by itself), or the
 * server refused it (its sentence, Retry or Discard with its photos).
 */
export function LocalNotice({
  id,
  local,
}: {
  id: string;
  local: Pick<QueuedProperty, 'status' | 'lastError'>;
}) {
  const navigate = useNavigate();
  if (local.status !== 'failed')
    return (
      <p
        role="status"
        className="rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100"
      >
        <strong className="font-semibold">{PROPERTY_TEXTS.savedOnDevice}.</strong>{' '}
        {PROPERTY_TEXTS.waitingHint}
      </p>
    );
  const discard = async () => {
    await discardQueuedProperty(id);
    void navigate(PROPERTIES_HOME);
  };
  return (
    <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-3 text-sm text-red-100">
      <p>
        <strong className="font-semibold">{PROPERTY_TEXTS.notSaved}:</strong> {local.lastError}
      </p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          onClick={() => void retryUpload(id)}
          className="min-h-11 rounded-lg px-3 font-medium text-amber-300 hover:bg-slate-800"
        >
          {PROPERTY_TEXTS.retry}
        </button>
        <button
          type="button"
          onClick={() => void discard()}
          className="min-h-11 rounded-lg px-3 font-medium text-slate-200 hover:bg-slate-800"
        >
          {PROPERTY_TEXTS.discard}
        </button>
      </div>
    </div>
  );
}
