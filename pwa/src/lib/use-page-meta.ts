import { useEffect } from 'react';

const APP_NAME = 'Stagely';

/** Sets the document title and meta description for the current page. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = title === APP_NAME ? title : `${title} | ${APP_NAME}`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}
