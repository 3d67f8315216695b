import { useEffect } from 'react';

const APP_NAME = 'Stagely';

/**
 * Sets the document title and meta description for the current page; `noindex` adds
 * <meta name="robots" content="noindex"> while the page is shown (pages for link holders only).
 */
export function usePageMeta(title: string, description?: string, options: { noindex?: boolean } = {}): void {
  const { noindex = false } = options;
  useEffect(() => {
    document.title = title === APP_NAME ? title : `${title} | ${APP_NAME}`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);

  useEffect(() => {
    if (!noindex) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, [noindex]);
}
