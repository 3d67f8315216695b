import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PROJECT_PARAM } from '@shared/domain';

/**
 * Opens the project a link names (`/?project=<id>`, from a notification) once the user is signed in,
 * then takes it out of the address, so a reload or Back does not open it again.
 */
export function useProjectFromAddress(signedIn: boolean, open: (id: string) => void): void {
  const [params, setParams] = useSearchParams();
  const id = params.get(PROJECT_PARAM);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!id || !signedIn) return;
    openRef.current(id);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PROJECT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [id, signedIn, setParams]);
}
