import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError, type FieldWiring } from '../../../components/form';
import { inputClass, labelClass } from './form-styles';

/** One labelled input of the sign-in and password forms: its hint, its message, and what follows it. */
export function AuthField<K extends string>({
  wiring,
  name,
  label,
  hint,
  children,
  ...input
}: {
  wiring: FieldWiring<K>;
  name: K;
  label: string;
  hint?: string;
  children?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={wiring.id(name)} className={labelClass}>
        {label}
      </label>
      <input {...wiring.control(name)} className={inputClass} {...input} />
      {hint && <p className="mt-1 text-xs text-slate-400">{hint}</p>}
      <FieldError id={wiring.errorId(name)} message={wiring.error(name)} />
      {children}
    </div>
  );
}
