import type { MaskStroke } from '@shared/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EDIT_TEXTS } from './edit-texts';
import { usePinchZoom } from './use-pinch-zoom';

const button =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-700 px-4 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-400 disabled:opacity-50';
const primary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-500 px-5 text-sm font-semibold text-white hover:bg-indigo-400 disabled:opacity-50';

/** Brush diameters offered, as a share of the image's width. */
const SIZE_MIN = 0.02;
const SIZE_MAX = 0.2;
const SIZE_DEFAULT = 0.06;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Draws the strokes on the canvas: paint in red, the eraser taking it away again. */
function draw(canvas: HTMLCanvasElement, strokes: readonly MaskStroke[]) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of strokes) {
    ctx.globalCompositeOperation = s.erase ? 'destination-out' : 'source-over';
    ctx.strokeStyle = '#ef4444';
    ctx.lineWidth = Math.max(1, s.size * canvas.width);
    ctx.beginPath();
    s.points.forEach(([x, y], i) => {
      const px = x * canvas.width;
      const py = y * canvas.height;
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    });
    // A tap is a dot.
    const [first] = s.points;
    if (s.points.length === 1 && first) ctx.lineTo(first[0] * canvas.width + 0.01, first[1] * canvas.height);
    ctx.stroke();
  }
  ctx.globalCompositeOperation = 'source-over';
}

/**
 * Paints a mask over a result with touch, pen or mouse (pointer events): a brush size, an eraser and undo;
 * two fingers zoom and pan, one paints. Remove (or Add, with what belongs there) sends the strokes in
 * image-relative coordinates.
 */
export function BrushEditor({
  mode,
  imageUrl,
  fallbackUrls = [],
  standInUrl,
  busy,
  onSubmit,
  onCancel,
}: {
  mode: 'remove' | 'fill';
  imageUrl: string;
  /** Tried in turn when the version's image cannot load (offline, never loaded here): e.g. the shown result. */
  fallbackUrls?: readonly string[];
  /** The original photo's thumbnail, painted over when no copy of the result is on this device. */
  standInUrl?: string;
  busy: boolean;
  onSubmit: (strokes: MaskStroke[], what: string) => void;
  onCancel: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const zoom = usePinchZoom();
  const [what, setWhat] = useState('');
  const [strokes, setStrokes] = useState<MaskStroke[]>([]);
  const [size, setSize] = useState(SIZE_DEFAULT);
  const [erase, setErase] = useState(false);
  const drawing = useRef<MaskStroke | null>(null);
  // Which of the image, its fallbacks and the stand-in is shown; past the last one no photo is on this device.
  const sources = [imageUrl, ...fallbackUrls, ...(standInUrl ? [standInUrl] : [])];
  const [tried, setTried] = useState(0);
  const missing = tried >= sources.length;
  const onStandIn = standInUrl !== undefined && tried === sources.length - 1;

  const redraw = useCallback(() => {
    const c = canvas.current;
    if (!c) return;
    // The layout size, not the zoomed one: zooming must not grow the canvas's memory.
    const ratio = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(c.offsetWidth * ratio));
    const h = Math.max(1, Math.round(c.offsetHeight * ratio));
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
    }
    draw(c, drawing.current ? [...strokes, drawing.current] : strokes);
  }, [strokes]);

  useEffect(() => {
    redraw();
    window.addEventListener('resize', redraw);
    return () => window.removeEventListener('resize', redraw);
  }, [redraw, missing]);

  const pointOf = (e: React.PointerEvent<HTMLCanvasElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [clamp01((e.clientX - rect.left) / rect.width), clamp01((e.clientY - rect.top) / rect.height)];
  };
  const frameRect = () => frame.current?.getBoundingClientRect() ?? new DOMRect();
  const start = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    if (zoom.track('down', e, frameRect())) {
      // A second finger: a pinch, not paint; the stroke the first finger began is dropped.
      drawing.current = null;
      redraw();
      return;
    }
    drawing.current = { erase, size: size / zoom.view.scale, points: [pointOf(e)] };
    redraw();
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (zoom.track('move', e, frameRect()) || !drawing.current) return;
    drawing.current.points.push(pointOf(e));
    redraw();
  };
  const end = (e: React.PointerEvent<HTMLCanvasElement>) => {
    zoom.track('up', e, frameRect());
    const done = drawing.current;
    drawing.current = null;
    if (done) setStrokes((s) => [...s, done]);
  };
  const painted = strokes.some((s) => !s.erase);
  const fill = mode === 'fill';
  const { scale, x, y } = zoom.view;

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-300">{fill ? EDIT_TEXTS.fillHint : EDIT_TEXTS.brushHint}</p>
      <p className="text-xs text-slate-400">{EDIT_TEXTS.zoomHint}</p>
      {(missing || onStandIn) && (
        <p role="status" className="text-sm text-amber-200">
          {onStandIn ? EDIT_TEXTS.notOnDeviceOriginal : EDIT_TEXTS.notOnDevice}
        </p>
      )}
      <div ref={frame} className="overflow-hidden rounded-xl">
        <div
          data-testid="brush-zoom"
          className="relative origin-top-left"
          style={{ transform: `translate(${x}px, ${y}px) scale(${scale})` }}
        >
          {missing ? (
            // No photo to paint on: a room-shaped frame, so the paint still has somewhere to go.
            <div className="aspect-[4/3] w-full rounded-xl border border-dashed border-slate-600 bg-slate-800" />
          ) : (
            <img
              src={sources[tried]}
              alt=""
              className="block w-full select-none rounded-xl"
              draggable={false}
              onLoad={redraw}
              onError={() => setTried((n) => n + 1)}
            />
          )}
          <canvas
            ref={canvas}
            aria-label={fill ? EDIT_TEXTS.canvasLabelFill : EDIT_TEXTS.canvasLabel}
            className="absolute inset-0 h-full w-full cursor-crosshair rounded-xl opacity-60"
            style={{ touchAction: 'none' }}
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
          />
        </div>
      </div>
      {fill && (
        <label className="flex flex-col gap-1 text-sm text-slate-200">
          {EDIT_TEXTS.fillLabel}
          <input
            value={what}
            onChange={(e) => setWhat(e.target.value)}
            placeholder={EDIT_TEXTS.fillPlaceholder}
            className="min-h-11 rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100"
          />
        </label>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-200">
          {EDIT_TEXTS.brushSize}
          <input
            type="range"
            min={SIZE_MIN}
            max={SIZE_MAX}
            step={0.01}
            value={size}
            onChange={(e) => setSize(Number(e.target.value))}
            className="w-28"
          />
        </label>
        <button type="button" className={button} aria-pressed={erase} onClick={() => setErase((v) => !v)}>
          {EDIT_TEXTS.eraser}
        </button>
        <button
          type="button"
          className={button}
          disabled={strokes.length === 0}
          onClick={() => setStrokes((s) => s.slice(0, -1))}
        >
          {EDIT_TEXTS.undo}
        </button>
        {scale > 1 && (
          <button type="button" className={button} onClick={zoom.reset}>
            {EDIT_TEXTS.zoomReset}
          </button>
        )}
        <button type="button" className={button} onClick={onCancel}>
          {EDIT_TEXTS.cancel}
        </button>
        <button
          type="button"
          className={primary}
          disabled={!painted || busy || (fill && what.trim() === '')}
          onClick={() => onSubmit(strokes, what)}
        >
          {fill ? EDIT_TEXTS.fill : EDIT_TEXTS.remove}
        </button>
      </div>
    </div>
  );
}
