import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

/** Keeps a split percentage inside 0-100. */
export const clampSplit = (value: number): number =>
  Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1 };

/**
 * Pointer (mouse, touch, pen) and keyboard handling for a before/after divider: the split follows the
 * pointer as a share of the element's width while pressed, and stops on release or when the pointer leaves.
 */
export function useSplitDrag(split: number, onChange: (split: number) => void) {
  const dragging = useRef(false);

  const fromPointer = (e: PointerEvent<HTMLElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    onChange(clampSplit(Math.round(((e.clientX - rect.left) / rect.width) * 1000) / 10));
  };
  const stop = (e: PointerEvent<HTMLElement>) => {
    dragging.current = false;
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };

  const pointerHandlers = {
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      dragging.current = true;
      // Capture keeps the drag alive when a finger or mouse slips over the labels or images.
      e.currentTarget.setPointerCapture?.(e.pointerId);
      fromPointer(e);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (dragging.current) fromPointer(e);
    },
    onPointerUp: stop,
    onPointerCancel: stop,
    onPointerLeave: stop,
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    let next: number | undefined;
    const step = KEY_STEPS[e.key];
    if (step !== undefined) next = split + step * (e.shiftKey ? 10 : 1);
    else if (e.key === 'PageUp') next = split + 10;
    else if (e.key === 'PageDown') next = split - 10;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = 100;
    if (next === undefined) return;
    e.preventDefault();
    onChange(clampSplit(Math.round(next * 10) / 10));
  };

  return { pointerHandlers, onKeyDown, isDragging: () => dragging.current };
}
