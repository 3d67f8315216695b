import { SIGN_UP_LINK_INVALID } from '@shared/api';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { openSignIn } from '../../../components/sign-in-opener';
import { showConfirmation } from '../../../components/toast';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useConfirmSignUp } from '../api/sign-in';
import { alertClass, submitClass } from './form-styles';
import {
  ACCOUNT_CONFIRMED,
  CONFIRM_ACCOUNT_TITLE,
  CONFIRMING_ACCOUNT,
  CREATE_ACCOUNT_AGAIN,
} from './sign-in-texts';

/** `/confirm-account?token=...`, opened from the sign-up mail: confirms, signs in, opens the app. */
export function ConfirmAccountPage() {
  usePageMeta(CONFIRM_ACCOUNT_TITLE, 'Confirm the email of your new Stagely account.', { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirm.mutate(token, {
      onSuccess: () => {
        void showConfirmation({ title: ACCOUNT_CONFIRMED, description: 'Welcome to Stagely.' });
        void navigate('/', { replace: true });
      },
    });
  }, [token, confirm, navigate]);
  const failed = !token || confirm.isError;

  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900 p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-semibold">{CONFIRM_ACCOUNT_TITLE}</h1>
        {failed ? (
          <div className="mt-4 space-y-4">
            <p role="alert" className={alertClass}>
              {confirm.error?.message ?? SIGN_UP_LINK_INVALID}
            </p>
            <button type="button" className={submitClass} onClick={() => openSignIn('register')}>
              {CREATE_ACCOUNT_AGAIN}
            </button>
          </div>
        ) : (
          <p role="status" className="mt-4 text-sm text-slate-300">
            {CONFIRMING_ACCOUNT}
          </p>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-indigo-300 underline-offset-4 hover:underline">
            Back to Stagely
          </Link>
        </p>
      </div>
    </main>
  );
}
