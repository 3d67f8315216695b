import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/api';
import type { FieldWiring } from '../../../components/form';
import { AuthField } from './auth-field';
import { alertClass, submitClass } from './form-styles';
import { PLEASE_WAIT } from './sign-in-texts';

/**
 * The end of a form that sets a password from a mailed link (finishing a sign-up, a reset): the password,
 * the form's one error, and its button, which says it is busy while the request runs.
 */
export function NewPasswordFields({
  wiring,
  label,
  hint,
  value,
  onChange,
  error,
  pending,
  submit,
}: {
  wiring: FieldWiring<'password'>;
  label: string;
  hint: string;
  value: string;
  onChange: (password: string) => void;
  error: string | null | undefined;
  pending: boolean;
  submit: string;
}) {
  return (
    <>
      <AuthField
        wiring={wiring}
        name="password"
        label={label}
        hint={hint}
        type="password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p role="alert" className={alertClass}>
          {error}
        </p>
      )}
      <button type="submit" disabled={pending} className={submitClass}>
        {pending ? PLEASE_WAIT : submit}
      </button>
    </>
  );
}
