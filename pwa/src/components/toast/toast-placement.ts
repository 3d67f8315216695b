import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Marks a box a toast must not sit over on a phone: a staging's progress, a before/after comparison. */
export const TOAST_AVOID_ATTR = 'data-toast-avoid';
export const toastAvoid = { [TOAST_AVOID_ATTR]: '' } as const;
/** Marks a small control a toast must not sit over at any width: a comparison's slider handle. */
export const TOAST_KEEP_CLEAR_ATTR = 'data-toast-keep-clear';
export const toastKeepClear = { [TOAST_KEEP_CLEAR_ATTR]: '' } as const;

export type ToastEdge = 'top' | 'bottom';
/** Below Tailwind's `sm`: one column, where toasts span the width of the screen. */
const PHONE = '(max-width: 639px)';

type Box = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>;

/** The toasts' column: its height and the sideways span it takes at either edge. */
export type ToastColumn = Pick<DOMRect, 'height' | 'left' | 'right'>;

export interface AvoidBoxes {
  /** Boxes to leave in sight where possible (phones only): less of them covered is better. */
  boxes: readonly Box[];
  /** Controls never to cover: any of them under the toasts outweighs every box. */
  keepClear: readonly Box[];
}

/** Area of `b` inside `a`. */
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** How badly toasts in `band` sit: [controls covered, boxes covered], compared in that order. */
const cost = (band: Box, avoid: AvoidBoxes): [number, number] => [
  avoid.keepClear.reduce((sum, r) => sum + overlap(band, r), 0),
  avoid.boxes.reduce((sum, r) => sum + overlap(band, r), 0),
];

/** The edge where the toasts cover least (controls first, then boxes); the bottom when it covers none or ties. */
export function pickToastEdge(column: ToastColumn, windowHeight: number, avoid: AvoidBoxes): ToastEdge {
  const side = { left: column.left, right: column.right };
  const [bottomControls, bottomBoxes] = cost(
    { ...side, top: windowHeight - column.height, bottom: windowHeight },
    avoid,
  );
  if (bottomControls === 0 && bottomBoxes === 0) return 'bottom';
  const [topControls, topBoxes] = cost({ ...side, top: 0, bottom: column.height }, avoid);
  if (topControls !== bottomControls) return topControls < bottomControls ? 'top' : 'bottom';
  return topBoxes < bottomBoxes ? 'top' : 'bottom';
}

const boxesMarked = (attr: string) =>
  [...document.querySelectorAll(`[${attr}]`)].map((b) => b.getBoundingClientRect());

/**
 * Moves the toasts to the top while at the bottom they would sit over a slider handle (any width) or, on
 * phones, over a marked box, following scrolling, layout and a dragged handle while any toast is shown. The
 * edge is set before the browser paints (a layout effect, and synchronous renders from the observers), so no
 * frame shows a toast over a box it is about to leave.
 */
export function useToastEdge(list: RefObject<HTMLElement | null>, shown: number): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>('bottom');
  useLayoutEffect(() => {
    if (shown === 0) return;
    const phone = window.matchMedia?.(PHONE);
    const measure = (): ToastEdge => {
      const el = list.current;
      if (!el) return 'bottom';
      const avoid = {
        boxes: phone?.matches ? boxesMarked(TOAST_AVOID_ATTR) : [],
        keepClear: boxesMarked(TOAST_KEEP_CLEAR_ATTR),
      };
      return pickToastEdge(el.getBoundingClientRect(), window.innerHeight, avoid);
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
    // A progress appearing where the photo's controls were may leave the page's size as it was, and a dragged
    // handle moves by its style alone. The observer runs once per batch of changes, before the next paint.
    const changed = new MutationObserver(update);
    changed.observe(document.body, { childList: true, subtree: true, attributeFilter: ['style'] });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resized?.disconnect();
      changed.disconnect();
    };
  }, [list, shown]);
  return edge;
}
