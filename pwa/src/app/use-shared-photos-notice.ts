import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { showError, showNotice } from '../components/toast';
import {
  LEFT_OUT_PARAM,
  SHARE_NOT_RECEIVED,
  SHARED_PARAM,
  SHARE_UNAVAILABLE,
  sharedPhotosText,
} from '../offline/share';

/** After a share into the installed app the service worker opens `/app?shared=N`: say what was queued, once. */
export function useSharedPhotosNotice(): void {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const shared = params.get(SHARED_PARAM);
    if (shared === null) return;
    const queued = Number(shared) || 0;
    const { title, description } =
      shared === SHARE_UNAVAILABLE
        ? SHARE_NOT_RECEIVED
        : sharedPhotosText(queued, Number(params.get(LEFT_OUT_PARAM)) || 0);
    // What came in is reported whatever 'Show notifications' says: it may name photos left out.
    if (queued > 0) showNotice({ title, description });
    else showError(description, title);
    params.delete(SHARED_PARAM);
    params.delete(LEFT_OUT_PARAM);
    setParams(params, { replace: true });
  }, [params, setParams]);
}
