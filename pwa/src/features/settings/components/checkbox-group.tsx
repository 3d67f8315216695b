/** A fieldset of checkboxes, one a choice, each a 44 px touch target: which scopes a key gets, which events a webhook. */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  checked,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  checked: readonly T[];
  onChange: (next: T[]) => void;
}) {
  const toggle = (option: T) =>
    onChange(checked.includes(option) ? checked.filter((x) => x !== option) : [...checked, option]);
  return (
    <fieldset>
      <legend className="text-sm text-slate-300">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" checked={checked.includes(option)} onChange={() => toggle(option)} />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
