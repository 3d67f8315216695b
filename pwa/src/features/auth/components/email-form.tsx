import {
  loginRequestSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PERSON_NAME_MAX,
  registerRequestSchema,
  type LoginRequest,
  type RegisterRequest,
} from '@shared/api';
import { useId, useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { useLogin, useRegister } from '../api/sign-in';
import { AuthField } from './auth-field';
import { CheckEmail } from './check-email';
import { alertClass, linkButtonClass, submitClass } from './form-styles';
import { FORGOT_PASSWORD_LINK, PLEASE_WAIT, SEND_LINK_AGAIN } from './sign-in-texts';

const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;
type Field = (typeof REGISTER_FIELDS)[number];
const LOGIN_FIELDS: readonly Field[] = ['email', 'password'];

/** Email + password, with a switch between signing in and creating an account. */
export function EmailForm({
  mode,
  onModeChange,
  onDone,
}: {
  mode: 'login' | 'register';
  onModeChange: (m: 'login' | 'register' | 'forgot') => void;
  onDone: () => void;
}) {
  const login = useLogin();
  const register = useRegister();
  const [fields, setFields] = useState({ email: '', password: '', firstName: '', lastName: '' });
  const active = mode === 'login' ? login : register;
  // Each mode checks against its own request schema and keeps its own messages.
  const idPrefix = useId();
  const loginForm = useFieldErrors<Field, LoginRequest>({
    schema: loginRequestSchema,
    values: fields,
    fields: LOGIN_FIELDS,
    idPrefix,
  });
  const registerForm = useFieldErrors<Field, RegisterRequest>({
    schema: registerRequestSchema,
    values: fields,
    fields: REGISTER_FIELDS,
    idPrefix,
  });
  const form = mode === 'login' ? loginForm : registerForm;
  // The sign-up whose link was mailed (sent again as it was), and whether it has been sent again.
  const [sent, setSent] = useState<{ body: RegisterRequest; message: string; again: boolean } | null>(null);
  const mail = (body: RegisterRequest, again: boolean) =>
    register.mutate(body, { onSuccess: ({ message }) => setSent({ body, message, again }) });
  // The right password for an address not confirmed yet: the sign-up link can be sent again from here.
  const unconfirmed = login.error instanceof ApiError && login.error.code === 'email_unconfirmed';
  const set = (k: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const done = { onSuccess: onDone };
    if (mode === 'login') {
      const body = loginForm.submit();
      if (body) login.mutate(body, done);
    } else {
      const body = registerForm.submit();
      if (body) mail(body, false);
    }
  };

  if (sent)
    return (
      <CheckEmail
        message={sent.message}
        resent={sent.again}
        error={register.error?.message ?? null}
        pending={register.isPending}
        onResend={() => mail(sent.body, true)}
        onChangeAddress={() => {
          setSent(null);
          register.reset();
          onModeChange('register');
        }}
      />
    );

  return (
    <form
      onSubmit={submit}
      className="space-y-3"
      aria-label={mode === 'login' ? 'Sign in with email' : 'Create an account'}
    >
      {mode === 'register' && (
        <div className="grid grid-cols-2 gap-3">
          <AuthField
            wiring={form}
            name="firstName"
            label="First name"
            autoComplete="given-name"
            maxLength={PERSON_NAME_MAX}
            value={fields.firstName}
            onChange={set('firstName')}
          />
          <AuthField
            wiring={form}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
            maxLength={PERSON_NAME_MAX}
            value={fields.lastName}
            onChange={set('lastName')}
          />
        </div>
      )}
      <AuthField
        wiring={form}
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
      />
      <AuthField
        wiring={form}
        name="password"
        label="Password"
        type="password"
        required
        minLength={mode === 'register' ? PASSWORD_MIN : 1}
        maxLength={PASSWORD_MAX}
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        value={fields.password}
        onChange={set('password')}
      >
        {mode === 'login' && (
          <button
            type="button"
            className={`${linkButtonClass} text-sm`}
            onClick={() => onModeChange('forgot')}
          >
            {FORGOT_PASSWORD_LINK}
          </button>
        )}
      </AuthField>
      {active.error && (
        <p role="alert" className={alertClass}>
          {active.error.message}
        </p>
      )}
      {mode === 'login' && unconfirmed && (
        <button
          type="button"
          className={`${linkButtonClass} text-sm`}
          disabled={register.isPending}
          onClick={() => {
            const body = registerRequestSchema.safeParse({ email: fields.email, password: fields.password });
            if (body.success) mail(body.data, true);
          }}
        >
          {SEND_LINK_AGAIN}
        </button>
      )}
      {mode === 'login' && unconfirmed && register.error && (
        <p role="alert" className={alertClass}>
          {register.error.message}
        </p>
      )}
      <button type="submit" disabled={active.isPending} className={submitClass}>
        {active.isPending ? PLEASE_WAIT : mode === 'login' ? 'Sign in' : 'Create account'}
      </button>
      <p className="text-center text-sm text-slate-400">
        {mode === 'login' ? 'New to Stagely? ' : 'Already have an account? '}
        <button
          type="button"
          className={linkButtonClass}
          onClick={() => onModeChange(mode === 'login' ? 'register' : 'login')}
        >
          {mode === 'login' ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
    </form>
  );
}
