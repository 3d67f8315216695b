import { useEffect, useRef, useSyncExternalStore, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useAnySheetOpen } from '../open-sheets';
import { useToastEdge } from './toast-placement';
import { dismissToast, getToasts, subscribeToasts, type Toast } from './toast-store';

const SWIPE_THRESHOLD_PX = 50;

function ToastCard({ toast }: { toast: Toast }) {
  const startX = useRef<number | null>(null);
  const destructive = toast.variant === 'destructive';
  const onPointerDown = (e: PointerEvent) => {
    startX.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    // Spec: swipe right past 50 px dismisses.
    if (startX.current !== null && e.clientX - startX.current > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    startX.current = null;
  };
  return (
    <li
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-2xl ${
        destructive ? 'border-red-800 bg-red-950 text-red-50' : 'border-slate-700 bg-slate-900 text-slate-100'
      }`}
    >
      {/* The live role sits inside the item: an <ol> may only hold list items (axe 'list'). */}
      <div role={destructive ? 'alert' : 'status'} className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-m-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg opacity-70 hover:opacity-100"
        aria-label="Close notification"
      >
        <span aria-hidden="true">✕</span>
      </button>
    </li>
  );
}

const noSubscription = () => () => undefined;

/**
 * The one toast viewport of the app; F8 moves focus to it. It lives outside the app's
 * tree, straight in <body>, so an open dialog leaves it usable (a dialog makes the app's tree inert), and
 * it moves to the top on phones while a sheet covers the bottom of the screen. With no sheet open it moves to
 * the top while at the bottom it would sit over a comparison's slider handle, or on phones over a progress or
 * a comparison.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const onClient = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const sheetOpen = useAnySheetOpen();
  const viewport = useRef<HTMLOListElement>(null);
  const edge = useToastEdge(viewport, toasts.length);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') viewport.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!onClient) return null;
  return createPortal(
    <ol
      ref={viewport}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className={`pointer-events-none fixed right-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none ${
        sheetOpen ? 'top-0 sm:top-auto sm:bottom-0' : edge === 'top' ? 'top-0' : 'bottom-0'
      }`}
    >
      {toasts.map((t) => (
        <ToastCard key={t.id} toast={t} />
      ))}
    </ol>,
    document.body,
  );
}
