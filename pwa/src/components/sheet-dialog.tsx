import { Dialog, DialogPanel } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { useOpenSheet } from './open-sheets';
import { StrokeIcon } from './stroke-icon';

/**
 * A modal that is a bottom sheet on phones and a centred card from `sm` up, over a dimmed page.
 * `panelClassName` sets its width (and scrolling, for content that can be taller than the screen).
 */
export function SheetDialog({
  open,
  onClose,
  panelClassName = 'max-w-md',
  children,
}: {
  open: boolean;
  onClose: () => void;
  panelClassName?: string;
  children: ReactNode;
}) {
  useOpenSheet(open);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          className={`w-full rounded-t-2xl border border-slate-800 bg-slate-900 p-6 shadow-2xl sm:rounded-2xl ${panelClassName}`}
        >
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A header icon button (24-unit stroked SVG `icon`) that opens a SheetDialog; `children` gets its close. */
export function IconDialogButton({
  label,
  icon,
  panelClassName,
  children,
}: {
  label: string;
  icon: ReactNode;
  panelClassName?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white"
      >
        <StrokeIcon className="h-5 w-5">{icon}</StrokeIcon>
      </button>
      <SheetDialog open={open} onClose={close} panelClassName={panelClassName}>
        {children(close)}
      </SheetDialog>
    </>
  );
}
