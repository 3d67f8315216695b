import {
  PASSWORD_MIN,
  passwordResetConfirmSchema,
  RESET_LINK_INVALID,
  type PasswordResetConfirm,
} from '@shared/api';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useFieldErrors } from '../../../components/form';
import { openSignIn } from '../../../components/sign-in-opener';
import { showConfirmation } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useConfirmPasswordReset, useResetLinkCheck } from '../api/password-reset';
import { NewPasswordFields } from './new-password-fields';
import { AuthPageCard } from './auth-page-card';
import { alertClass, submitClass } from './form-styles';
import { AUTH_TOASTS, CHECKING_RESET_LINK, RESET_PAGE_TITLE } from './sign-in-texts';

const FIELDS = ['password'] as const;
const PASSWORD_RULE = `At least ${PASSWORD_MIN} characters, mixing letters with numbers or symbols.`;

/** The link's dead end: says so plainly and offers a new link at once. */
function LinkInvalid() {
  return (
    <div className="space-y-4">
      <p role="alert" className={alertClass}>
        {RESET_LINK_INVALID}
      </p>
      <button type="button" className={submitClass} onClick={() => openSignIn('forgot')}>
        Ask for a new link
      </button>
    </div>
  );
}

/** `/reset-password?token=...`, opened from the mail: sets a new password and signs in. */
export function ResetPasswordPage() {
  usePageMeta(RESET_PAGE_TITLE, 'Choose a new password for your Stagely account.', { noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  // A used or expired link says so on opening; when the check cannot be made, the form still works.
  const check = useResetLinkCheck(token);
  const [password, setPassword] = useState('');
  const idPrefix = useId();
  const values = { token, password };
  const form = useFieldErrors<'password', PasswordResetConfirm>({
    schema: passwordResetConfirmSchema,
    values,
    fields: FIELDS,
    idPrefix,
  });
  const invalid =
    !token ||
    check.data?.valid === false ||
    (confirm.error instanceof ApiError && confirm.error.code === 'invalid_reset_link');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    confirm.mutate(body, {
      onSuccess: () => {
        void showConfirmation(AUTH_TOASTS.passwordChanged);
        void navigate('/', { replace: true });
      },
    });
  };

  return (
    <AuthPageCard title={RESET_PAGE_TITLE}>
      {invalid ? (
        <div className="mt-4">
          <LinkInvalid />
        </div>
      ) : check.isPending ? (
        <p role="status" className="mt-4 text-sm text-slate-300">
          {CHECKING_RESET_LINK}
        </p>
      ) : (
        <form onSubmit={submit} className="mt-4 space-y-3" aria-label={RESET_PAGE_TITLE}>
          <p className="text-sm text-slate-300">
            Choosing a new password signs out every device signed in to your account.
          </p>
          <NewPasswordFields
            wiring={form}
            label="New password"
            hint={PASSWORD_RULE}
            value={password}
            onChange={setPassword}
            error={confirm.error?.message ?? form.formError}
            pending={confirm.isPending}
            submit="Set new password"
          />
        </form>
      )}
    </AuthPageCard>
  );
}
