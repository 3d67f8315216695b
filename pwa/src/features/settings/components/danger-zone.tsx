import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { DELETE_CONFIRMATION_MAX, deleteAccountConfirmationSchema } from '@shared/api';
import { DELETE_ACCOUNT_CONFIRMATION } from '@shared/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FieldError, useFieldErrors } from '../../../components/form';
import { showConfirmation, showError } from '../../../components/toast';
import { SETTINGS_TOASTS } from '../settings-texts';
import { useDeleteAccount } from '../api/delete-account';

const FIELDS = ['confirmationText'] as const;

export function DangerZone() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const matches = typed === DELETE_ACCOUNT_CONFIRMATION;
  const values = useMemo(() => ({ confirmationText: typed }), [typed]);
  const form = useFieldErrors({
    schema: deleteAccountConfirmationSchema,
    values,
    fields: FIELDS,
    idPrefix: 'delete-account',
  });

  const close = () => {
    setOpen(false);
    setTyped('');
    form.reset();
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    // Enter with a near miss explains the rule instead of doing nothing.
    const body = form.submit();
    if (!body) return;
    remove.mutate(body.confirmationText, {
      onSuccess: () => {
        setOpen(false);
        void showConfirmation(SETTINGS_TOASTS.accountDeleted);
        void navigate('/');
      },
      onError: () => showError(SETTINGS_TOASTS.accountNotDeleted),
    });
  };

  return (
    <section
      aria-labelledby="danger-heading"
      className="rounded-2xl border border-red-900/70 bg-red-950/20 p-6"
    >
      <h2 id="danger-heading" className="text-lg font-semibold text-red-300">
        Danger Zone
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Delete your account, your projects and every image. This cannot be undone.
      </p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 min-h-11 rounded-lg bg-red-600 px-4 font-semibold text-white hover:bg-red-500"
      >
        Delete account
      </button>
      <Dialog open={open} onClose={() => !remove.isPending && close()} className="relative z-50">
        <div className="fixed inset-0 bg-black/70" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-6">
            <DialogTitle className="text-lg font-semibold">Delete your account?</DialogTitle>
            <p className="mt-2 text-sm text-slate-300">
              Type <strong className="font-mono">{DELETE_ACCOUNT_CONFIRMATION}</strong> to confirm.
            </p>
            <form onSubmit={confirm}>
              <label htmlFor={form.id('confirmationText')} className="mt-4 block text-sm text-slate-300">
                Confirmation
              </label>
              <input
                {...form.control('confirmationText')}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                maxLength={DELETE_CONFIRMATION_MAX}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="mt-1 block min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 font-mono aria-[invalid=true]:border-red-400"
              />
              <FieldError
                id={form.errorId('confirmationText')}
                message={form.error('confirmationText')}
                announce
              />
              <div className="mt-6 flex justify-end gap-3">
                <button
                  type="button"
                  onClick={close}
                  disabled={remove.isPending}
                  className="min-h-11 rounded-lg border border-slate-700 px-4 hover:bg-slate-800"
                >
                  Cancel
                </button>
                <button
                  type="submit"
                  disabled={!matches || remove.isPending}
                  className="min-h-11 rounded-lg bg-red-600 px-4 font-semibold text-white enabled:hover:bg-red-500 disabled:opacity-50"
                >
                  {remove.isPending ? 'Deleting...' : 'Delete account'}
                </button>
              </div>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </section>
  );
}
