import { passwordResetRequestSchema, type PasswordResetRequest } from '@shared/api';
import { useId, useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/form';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthField } from './auth-field';
import { alertClass, linkButtonClass, noticeClass, submitClass } from './form-styles';
import { FORGOT_PASSWORD_INTRO, PLEASE_WAIT } from './sign-in-texts';

const FIELDS = ['email'] as const;

/** Asks for a reset link; the server's answer is the same whether or not the address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordReset();
  const [values, setValues] = useState({ email: '' });
  const idPrefix = useId();
  const form = useFieldErrors<'email', PasswordResetRequest>({
    schema: passwordResetRequestSchema,
    values,
    fields: FIELDS,
    idPrefix,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (body) request.mutate(body);
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Reset your password">
      <h3 className="font-semibold text-slate-100">Reset your password</h3>
      <p className="text-sm text-slate-300">{FORGOT_PASSWORD_INTRO}</p>
      <AuthField
        wiring={form}
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        onChange={(e) => setValues({ email: e.target.value })}
      />
      {request.isSuccess && (
        <p role="status" className={noticeClass}>
          {request.data.message}
        </p>
      )}
      {request.error && (
        <p role="alert" className={alertClass}>
          {request.error.message}
        </p>
      )}
      <button type="submit" disabled={request.isPending} className={submitClass}>
        {request.isPending ? PLEASE_WAIT : request.isSuccess ? 'Send the link again' : 'Send reset link'}
      </button>
      <p className="text-center text-sm">
        <button type="button" className={linkButtonClass} onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}
