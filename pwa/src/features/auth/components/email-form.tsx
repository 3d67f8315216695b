import { useState, type FormEvent } from 'react';
import { useLogin, useRegister } from '../api/sign-in';

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500 focus:border-indigo-400 focus:outline-none';

/** Email + password, with a switch between signing in and creating an account. */
export function EmailForm({
  mode,
  onModeChange,
  onDone,
}: {
  mode: 'login' | 'register';
  onModeChange: (m: 'login' | 'register') => void;
  onDone: () => void;
}) {
  const login = useLogin();
  const register = useRegister();
  const [fields, setFields] = useState({ email: '', password: '', firstName: '', lastName: '' });
  const active = mode === 'login' ? login : register;
  const set = (k: keyof typeof fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const done = { onSuccess: onDone };
    if (mode === 'login') login.mutate({ email: fields.email, password: fields.password }, done);
    else
      register.mutate(
        {
          email: fields.email,
          password: fields.password,
          firstName: fields.firstName || undefined,
          lastName: fields.lastName || undefined,
        },
        done,
      );
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3"
      aria-label={mode === 'login' ? 'Sign in with email' : 'Create an account'}
    >
      {mode === 'register' && (
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm text-slate-300">
            First name
            <input
              className={inputClass}
              autoComplete="given-name"
              value={fields.firstName}
              onChange={set('firstName')}
            />
          </label>
          <label className="block text-sm text-slate-300">
            Last name
            <input
              className={inputClass}
              autoComplete="family-name"
              value={fields.lastName}
              onChange={set('lastName')}
            />
          </label>
        </div>
      )}
      <label className="block text-sm text-slate-300">
        Email
        <input
          className={inputClass}
          type="email"
          required
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
        />
      </label>
      <label className="block text-sm text-slate-300">
        Password
        <input
          className={inputClass}
          type="password"
          required
          minLength={mode === 'register' ? 8 : 1}
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          value={fields.password}
          onChange={set('password')}
        />
      </label>
      {active.error && (
        <p
          role="alert"
          className="rounded-lg border border-red-900 bg-red-950/60 px-3 py-2 text-sm text-red-200"
        >
          {active.error.message}
        </p>
      )}
      <button
        type="submit"
        disabled={active.isPending}
        className="min-h-11 w-full rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400 disabled:opacity-60"
      >
        {active.isPending ? 'Please wait...' : mode === 'login' ? 'Sign in' : 'Create account'}
      </button>
      <p className="text-center text-sm text-slate-400">
        {mode === 'login' ? 'New to Stagely? ' : 'Already have an account? '}
        <button
          type="button"
          className="min-h-11 font-medium text-indigo-300 underline-offset-4 hover:underline"
          onClick={() => onModeChange(mode === 'login' ? 'register' : 'login')}
        >
          {mode === 'login' ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
    </form>
  );
}
