import { Radio, RadioGroup } from '@headlessui/react';
import { useId, type ReactNode } from 'react';

const choice =
  'cursor-pointer rounded-xl border border-slate-700 p-3 text-left data-checked:border-indigo-400 data-checked:bg-indigo-500/10 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:outline-2 data-focus:outline-indigo-400';

/** A labelled group of radio cards, one per option, named by its label. */
export function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  disabled,
  className,
  children,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
  disabled: boolean;
  className: string;
  children: (option: T) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <p id={id} className="mb-2 font-medium">
        {label}
      </p>
      <RadioGroup
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-labelledby={id}
        className={className}
      >
        {options.map((o) => (
          <Radio key={o} value={o} aria-label={labels[o]} className={choice}>
            {children(o)}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  );
}
