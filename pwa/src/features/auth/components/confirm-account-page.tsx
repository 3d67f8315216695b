import {
  registerConfirmSchema,
  SIGN_UP_LINK_INVALID,
  SIGN_UP_LINK_REPLACED,
  SIGN_UP_LINK_USED,
  type RegisterConfirm,
} from '@shared/api';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFieldErrors } from '../../../components/form';
import { openSignIn } from '../../../components/sign-in-opener';
import { showConfirmation } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useConfirmSignUp, useSignUpLinkCheck } from '../api/sign-in';
import { NewPasswordFields } from './new-password-fields';
import { AuthPageCard } from './auth-page-card';
import { alertClass, submitClass } from './form-styles';
import {
  AUTH_TOASTS,
  CHECKING_SIGN_UP_LINK,
  CONFIRM_ACCOUNT_BUTTON,
  CONFIRM_ACCOUNT_TITLE,
  CONFIRM_PASSWORD_HINT,
  confirmAccountFor,
  CREATE_ACCOUNT_AGAIN,
  SIGN_IN_INSTEAD,
  SWITCH_ACCOUNT_BUTTON,
  switchAccountWarning,
} from './sign-in-texts';

const FIELDS = ['password'] as const;

/** Why the link no longer finishes an account, and the one way on: sign in, or sign up again. */
function LinkDeadEnd({ message, signIn }: { message: string; signIn: boolean }) {
  return (
    <div className="mt-4 space-y-4">
      <p role="alert" className={alertClass}>
        {message}
      </p>
      <button type="button" className={submitClass} onClick={() => openSignIn(signIn ? 'login' : 'register')}>
        {signIn ? SIGN_IN_INSTEAD : CREATE_ACCOUNT_AGAIN}
      </button>
    </div>
  );
}

/**
 * `/confirm-account?token=...`, opened from the sign-up mail. The link proves the mailbox and nothing more:
 * the page names the account, the password is chosen here, and only the button confirms; a device signed
 * in to another account is switched only when the person says so.
 */
export function ConfirmAccountPage() {
  usePageMeta(CONFIRM_ACCOUNT_TITLE, 'Confirm the email of your new Stagely account.', { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const check = useSignUpLinkCheck(token);
  const me = useCurrentUser().data;
  const confirm = useConfirmSignUp();
  const [password, setPassword] = useState('');
  const idPrefix = useId();
  const email = check.data?.email ?? '';
  const switching = !!me && me.email !== email;
  const values = { token, password, switchAccount: switching };
  const form = useFieldErrors<'password', RegisterConfirm>({
    schema: registerConfirmSchema,
    values,
    fields: FIELDS,
    idPrefix,
  });
  const confirmError = confirm.error instanceof ApiError ? confirm.error.code : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    confirm.mutate(body, {
      onSuccess: () => {
        void showConfirmation(AUTH_TOASTS.accountConfirmed);
        void navigate('/', { replace: true });
      },
    });
  };

  const state = !token || confirmError === 'invalid_sign_up_link' ? 'invalid' : check.data?.state;
  let body;
  if (state === 'used') body = <LinkDeadEnd message={SIGN_UP_LINK_USED} signIn />;
  else if (state === 'replaced') body = <LinkDeadEnd message={SIGN_UP_LINK_REPLACED} signIn={false} />;
  else if (state === 'invalid') body = <LinkDeadEnd message={SIGN_UP_LINK_INVALID} signIn={false} />;
  else if (check.isError) body = <LinkDeadEnd message={check.error.message} signIn={false} />;
  else if (!check.data)
    body = (
      <p role="status" className="mt-4 text-sm text-slate-300">
        {CHECKING_SIGN_UP_LINK}
      </p>
    );
  else
    body = (
      <form onSubmit={submit} className="mt-4 space-y-3" aria-label={CONFIRM_ACCOUNT_TITLE}>
        <p className="text-sm text-slate-300">{confirmAccountFor(email)}</p>
        {switching && (
          <p role="alert" className={alertClass}>
            {switchAccountWarning(me.email, email)}
          </p>
        )}
        <NewPasswordFields
          wiring={form}
          label="Password"
          hint={CONFIRM_PASSWORD_HINT}
          value={password}
          onChange={setPassword}
          error={confirm.error?.message ?? form.formError}
          pending={confirm.isPending}
          submit={switching ? SWITCH_ACCOUNT_BUTTON : CONFIRM_ACCOUNT_BUTTON}
        />
      </form>
    );

  return <AuthPageCard title={CONFIRM_ACCOUNT_TITLE}>{body}</AuthPageCard>;
}
