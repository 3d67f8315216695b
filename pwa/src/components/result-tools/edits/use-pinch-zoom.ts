import { useCallback, useRef, useState } from 'react';

/** How far two fingers may zoom the photo in. */
export const ZOOM_MAX = 4;

export interface ZoomView {
  scale: number;
  x: number;
  y: number;
}
export const NO_ZOOM: ZoomView = { scale: 1, x: 0, y: 0 };

interface Point {
  x: number;
  y: number;
}
const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const gap = (a: Point, b: Point) => Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));

/** Keeps the zoomed photo covering its frame: no empty margin shows at any edge. */
export function clampView(view: ZoomView, width: number, height: number): ZoomView {
  const scale = Math.min(ZOOM_MAX, Math.max(1, view.scale));
  const clamp = (v: number, size: number) => Math.min(0, Math.max(size - size * scale, v));
  return { scale, x: clamp(view.x, width), y: clamp(view.y, height) };
}

/**
 * Two-finger pinch and pan over a frame, from pointer events: `track` is told of every pointer and says
 * whether a gesture owns it (then the caller must not paint with it). One finger is left to the caller.
 */
export function usePinchZoom() {
  const [view, setViewState] = useState<ZoomView>(NO_ZOOM);
  const current = useRef<ZoomView>(NO_ZOOM);
  const setView = useCallback((next: ZoomView) => {
    current.current = next;
    setViewState(next);
  }, []);
  const pointers = useRef(new Map<number, Point>());
  const start = useRef<{ view: ZoomView; mid: Point; gap: number } | null>(null);

  const track = useCallback(
    (
      type: 'down' | 'move' | 'up',
      e: { pointerId: number; clientX: number; clientY: number; isPrimary?: boolean },
      frame: DOMRect,
    ) => {
      const all = pointers.current;
      // A primary pointer going down starts a new gesture: no other finger is on the screen, whatever was
      // missed (an 'up' that never came would otherwise make every later touch a second finger, never paint).
      if (type === 'down' && e.isPrimary) {
        all.clear();
        start.current = null;
      }
      if (type === 'up') {
        all.delete(e.pointerId);
        if (all.size < 2) start.current = null;
        return all.size > 0 && start.current !== null;
      }
      if (type === 'move' && !all.has(e.pointerId)) return false;
      all.set(e.pointerId, { x: e.clientX - frame.left, y: e.clientY - frame.top });
      const [a, b] = [...all.values()];
      if (!a || !b) return false;
      if (type === 'down' || !start.current) {
        start.current = { view: current.current, mid: mid(a, b), gap: gap(a, b) };
        return true;
      }
      const s = start.current;
      const m = mid(a, b);
      const scale = Math.min(ZOOM_MAX, Math.max(1, (s.view.scale * gap(a, b)) / s.gap));
      // The point under the fingers' midpoint at the start stays under their midpoint now.
      const k = scale / s.view.scale;
      const next = { scale, x: m.x - (s.mid.x - s.view.x) * k, y: m.y - (s.mid.y - s.view.y) * k };
      setView(clampView(next, frame.width, frame.height));
      return true;
    },
    [setView],
  );
  const reset = useCallback(() => setView(NO_ZOOM), [setView]);
  return { view, track, reset, pinching: () => pointers.current.size > 1 };
}
