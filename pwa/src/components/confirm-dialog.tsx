import { DialogTitle, Description } from '@headlessui/react';
import { SheetDialog } from './sheet-dialog';

/** An accessible confirmation for something that cannot be undone (instead of window.confirm). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <SheetDialog open={open} onClose={onCancel}>
      <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
      <Description className="mt-2 text-slate-300">{description}</Description>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded-lg border border-slate-700 px-4 font-medium text-slate-200 hover:bg-slate-800"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className="min-h-11 rounded-lg bg-red-600 px-4 font-semibold text-white hover:bg-red-500 disabled:opacity-60"
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </SheetDialog>
  );
}
