import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DELETE_PROJECT_CONFIRM } from '../../../api/projects';

/** The product's delete confirmation, as an accessible dialog instead of window.confirm. */
export function ConfirmDeleteDialog({
  projectName,
  open,
  busy,
  onCancel,
  onConfirm,
  children,
}: {
  projectName: string;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={`Delete “${projectName}”?`}
      description={DELETE_PROJECT_CONFIRM}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      open={open}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}
