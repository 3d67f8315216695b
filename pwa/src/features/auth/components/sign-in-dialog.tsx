import { DialogTitle } from '@headlessui/react';
import { apiPath } from '@shared/api/api-paths';
import { SheetDialog } from '../../../components/sheet-dialog';
import { closeSignIn, openSignIn, useSignInDialogState } from '../../../components/sign-in-opener';
import { useProviders } from '../../../lib/auth-providers';
import { EmailForm } from './email-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { SIGN_IN_BENEFITS, SIGN_IN_TITLE } from './sign-in-texts';
import { leaveAppFor } from '../../../lib/leave-app';

/** Opened from any trigger via openSignIn(); SignInDialogHost mounts it on first use. */
export function SignInDialog() {
  const { open, view } = useSignInDialogState();
  const providers = useProviders(open);

  const list = providers.data?.providers ?? [];
  const forgot = view === 'forgot';
  const emailView =
    !forgot && (view === 'login' || view === 'register' || (providers.isSuccess && list.length === 0));
  const choose = !forgot && !emailView;

  return (
    <SheetDialog open={open} onClose={closeSignIn} panelClassName="max-h-[100dvh] max-w-md overflow-y-auto">
      <div className="flex items-start justify-between gap-4">
        <DialogTitle className="text-xl font-semibold">{SIGN_IN_TITLE}</DialogTitle>
        <button
          type="button"
          onClick={closeSignIn}
          aria-label="Close"
          className="-m-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white"
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <ul className="mt-4 space-y-2 text-slate-300">
        {SIGN_IN_BENEFITS.map((b) => (
          <li key={b} className="flex items-center gap-2">
            <span className="text-emerald-400" aria-hidden="true">
              ✓
            </span>
            {b}
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-3">
        {choose &&
          list.map((p) => (
            <button
              key={p.id}
              type="button"
              onClick={() => leaveAppFor(`${apiPath('authLogin')}?provider=${encodeURIComponent(p.id)}`)}
              className="min-h-11 w-full rounded-lg bg-white px-4 font-semibold text-slate-900 hover:bg-slate-200"
            >
              Continue with {p.name}
            </button>
          ))}
        {choose && (
          <button
            type="button"
            onClick={() => openSignIn('login')}
            className="min-h-11 w-full rounded-lg border border-slate-700 px-4 font-medium hover:bg-slate-800"
          >
            Continue with email
          </button>
        )}
        {emailView && (
          <EmailForm
            mode={view === 'register' ? 'register' : 'login'}
            onModeChange={(m) => openSignIn(m)}
            onDone={closeSignIn}
          />
        )}
        {forgot && <ForgotPasswordForm onBack={() => openSignIn('login')} />}
      </div>
    </SheetDialog>
  );
}
