import { useId, useState, type FormEvent } from 'react';
import { useChangeEmail, useChangePassword } from '../api/account';
import { SETTINGS_TEXTS } from '../settings-texts';

const input =
  'mt-1 min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 focus:border-indigo-400 focus:outline-none';
const button =
  'min-h-11 rounded-lg border border-slate-700 px-4 font-medium text-slate-100 hover:bg-slate-800 disabled:opacity-60';

/** Change password (the current one required; other devices signed out) and change email (confirmed by mail). */
export function AccountSecuritySection() {
  const id = useId();
  const changePassword = useChangePassword();
  const changeEmail = useChangeEmail();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [email, setEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const fail = (err: Error) => setOutcome({ text: err.message, error: true });

  const onPassword = (e: FormEvent) => {
    e.preventDefault();
    changePassword.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ message }) => {
          setCurrent('');
          setNext('');
          setOutcome({ text: message, error: false });
        },
        onError: fail,
      },
    );
  };
  const onEmail = (e: FormEvent) => {
    e.preventDefault();
    changeEmail.mutate(
      { email, currentPassword: emailPassword },
      {
        onSuccess: ({ message }) => {
          setEmailPassword('');
          setOutcome({ text: message, error: false });
        },
        onError: fail,
      },
    );
  };
  const field = (label: string, value: string, set: (v: string) => void, type: string, auto: string) => (
    <label className="block text-sm text-slate-300">
      {label}
      <input
        type={type}
        value={value}
        autoComplete={auto}
        required
        onChange={(e) => set(e.target.value)}
        className={input}
      />
    </label>
  );
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-800 bg-slate-900 p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {SETTINGS_TEXTS.securityTitle}
      </h2>
      {outcome && (
        <p
          role={outcome.error ? 'alert' : 'status'}
          className={`mt-3 rounded-lg px-3 py-2 text-sm ${outcome.error ? 'bg-red-500/10 text-red-200' : 'bg-emerald-500/10 text-emerald-200'}`}
        >
          {outcome.text}
        </p>
      )}
      <form
        onSubmit={onPassword}
        aria-label={SETTINGS_TEXTS.changePassword}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        {field(SETTINGS_TEXTS.currentPassword, current, setCurrent, 'password', 'current-password')}
        {field(SETTINGS_TEXTS.newPassword, next, setNext, 'password', 'new-password')}
        <div className="sm:col-span-2">
          <button type="submit" disabled={changePassword.isPending} className={button}>
            {SETTINGS_TEXTS.changePassword}
          </button>
        </div>
      </form>
      <form
        onSubmit={onEmail}
        aria-label={SETTINGS_TEXTS.changeEmail}
        className="mt-6 grid gap-4 sm:grid-cols-2"
      >
        {field(SETTINGS_TEXTS.newEmail, email, setEmail, 'email', 'email')}
        {field(
          `${SETTINGS_TEXTS.currentPassword} (for the email)`,
          emailPassword,
          setEmailPassword,
          'password',
          'current-password',
        )}
        <div className="sm:col-span-2">
          <button type="submit" disabled={changeEmail.isPending} className={button}>
            {SETTINGS_TEXTS.changeEmail}
          </button>
        </div>
      </form>
    </section>
  );
}
