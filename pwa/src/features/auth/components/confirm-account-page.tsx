import { SIGN_UP_LINK_INVALID } from '@shared/api';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { openSignIn } from '../../../components/sign-in-opener';
import { showConfirmation } from '../../../components/toast';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useConfirmSignUp } from '../api/sign-in';
import { AuthPageCard } from './auth-page-card';
import { alertClass, submitClass } from './form-styles';
import {
  AUTH_TOASTS,
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
        void showConfirmation(AUTH_TOASTS.accountConfirmed);
        void navigate('/', { replace: true });
      },
    });
  }, [token, confirm, navigate]);
  const failed = !token || confirm.isError;

  return (
    <AuthPageCard title={CONFIRM_ACCOUNT_TITLE}>
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
    </AuthPageCard>
  );
}
