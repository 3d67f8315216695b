/**
 * Resolves once the element with `id` comes within `margin` (CSS px) of the screen. At once where nothing
 * can be watched: no such element yet (the app is rendering the page itself rather than taking over the
 * built HTML) or no IntersectionObserver (the build's prerender, which waits for every part of the page).
 */
export function whenOnScreen(id: string, margin = 0): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${margin}px` },
    );
    observer.observe(element);
  });
}
