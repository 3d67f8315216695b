import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Marks a box a toast must not sit over on a phone: a staging's progress, a before/after comparison. */
export const TOAST_AVOID_ATTR = 'data-toast-avoid';
export const toastAvoid = { [TOAST_AVOID_ATTR]: '' } as const;

export type ToastEdge = 'top' | 'bottom';
/** Below Tailwind's `sm`: one column, where toasts span the width of the screen. */
const PHONE = '(max-width: 639px)';

/** Height of the marked boxes inside the band [top, bottom] of the window. */
function covered(top: number, bottom: number, boxes: readonly DOMRect[]): number {
  return boxes.reduce((sum, r) => sum + Math.max(0, Math.min(bottom, r.bottom) - Math.max(top, r.top)), 0);
}

/** The edge where toasts `height` tall cover least of the boxes; the bottom when it covers none. */
export function pickToastEdge(height: number, windowHeight: number, boxes: readonly DOMRect[]): ToastEdge {
  const atBottom = covered(windowHeight - height, windowHeight, boxes);
  if (atBottom === 0) return 'bottom';
  return covered(0, height, boxes) < atBottom ? 'top' : 'bottom';
}

/**
 * On phones, moves the toasts to the top while at the bottom they would sit over a marked box, following
 * scrolling and layout while any toast is shown; elsewhere they stay at the bottom. The edge is set before the
 * browser paints (a layout effect, and synchronous renders from the observers), so no frame shows a toast
 * over a box it is about to leave.
 */
export function useToastEdge(list: RefObject<HTMLElement | null>, shown: number): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>('bottom');
  useLayoutEffect(() => {
    if (shown === 0) return;
    const phone = window.matchMedia?.(PHONE);
    const measure = (): ToastEdge => {
      const el = list.current;
      if (!el || !phone?.matches) return 'bottom';
      const boxes = [...document.querySelectorAll(`[${TOAST_AVOID_ATTR}]`)].map((b) =>
        b.getBoundingClientRect(),
      );
      return pickToastEdge(el.getBoundingClientRect().height, window.innerHeight, boxes);
    };
    setEdge(measure());
    // Outside React's own updates a state change would wait for a later task: render it now instead.
    const update = () => {
      const next = measure();
      flushSync(() => setEdge(next));
    };
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // A progress turning into a comparison changes the page without a scroll.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(document.body);
    if (list.current) resized?.observe(list.current);
    // A progress appearing where the photo's controls were may leave the page's size as it was. The
    // observer runs once per batch of changes, right after React's commit and before the next paint.
    const added = new MutationObserver(update);
    added.observe(document.body, { childList: true, subtree: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resized?.disconnect();
      added.disconnect();
    };
  }, [list, shown]);
  return edge;
}
