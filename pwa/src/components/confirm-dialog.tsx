import { DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { SheetDialog } from './sheet-dialog';

const CONFIRM_TONES = {
  danger: 'bg-red-600 hover:bg-red-500',
  primary: 'bg-indigo-600 hover:bg-indigo-500',
} as const;

/**
 * An accessible confirmation (instead of window.confirm): `danger` for what cannot be undone, `primary`
 * for a consent such as publishing something.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  open,
  busy,
  onCancel,
  onConfirm,
  tone = 'danger',
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  tone?: keyof typeof CONFIRM_TONES;
  /** More to decide before confirming (a choice), shown under the description. */
  children?: ReactNode;
}) {
  return (
    <SheetDialog open={open} onClose={onCancel}>
      <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
      <Description className="mt-2 text-slate-300">{description}</Description>
      {children}
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
          className={`min-h-11 rounded-lg px-4 font-semibold text-white disabled:opacity-60 ${CONFIRM_TONES[tone]}`}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </SheetDialog>
  );
}
