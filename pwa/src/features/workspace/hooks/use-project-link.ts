import { PROJECT_LINK_PARAM } from '@shared/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** `/?project=<id>` (the link in a 'your photo is staged' mail) opens that project, then leaves the address clean. */
export function useProjectLink(signedIn: boolean, open: (id: string) => void): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(PROJECT_LINK_PARAM);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!id || !signedIn) return;
    openRef.current(id);
    const next = new URLSearchParams(params);
    next.delete(PROJECT_LINK_PARAM);
    setParams(next, { replace: true });
  }, [id, signedIn, params, setParams]);
}
