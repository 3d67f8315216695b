import { useCallback, useEffect, useRef, useState } from 'react';
import {
  clearContactDraft,
  EMPTY_CONTACT_DRAFT,
  loadContactDraft,
  saveContactDraft,
  type ContactDraft,
} from '../contact-draft';

const SAVE_DELAY_MS = 200;

/** The contact form's state, restored from and saved to the browser so a reload loses nothing. */
export function useContactDraft() {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_CONTACT_DRAFT);
  const [restored, setRestored] = useState(false);
  // Typing before the stored draft arrives wins over the stored draft.
  const edited = useRef(false);

  useEffect(() => {
    let live = true;
    loadContactDraft()
      .then((stored) => {
        if (live && stored && !edited.current) setDraft(stored);
      })
      .catch(() => undefined) // no IndexedDB (private mode): the form still works, without a saved draft
      .finally(() => live && setRestored(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!edited.current) return;
    const timer = setTimeout(() => {
      saveContactDraft(draft).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const update = useCallback((patch: Partial<ContactDraft>) => {
    edited.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  }, []);

  const reset = useCallback(async (next: ContactDraft = EMPTY_CONTACT_DRAFT) => {
    edited.current = true;
    setDraft(next);
    await clearContactDraft().catch(() => undefined);
  }, []);

  return { draft, update, reset, restored };
}
