/**
 * Scrolls `el` to the top of the window when a person would not see it start: always on a narrow
 * screen (what was just made sits below the options), on a wide one when its top is above the window or
 * in its lower half (pressed from the bottom of a long column).
 */
export function bringIntoView(el: Element | null): void {
  if (!el || typeof window.matchMedia !== 'function') return;
  const narrow = window.matchMedia('(max-width: 1023px)').matches;
  const { top } = el.getBoundingClientRect();
  if (!narrow && top >= 0 && top < window.innerHeight / 2) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}
