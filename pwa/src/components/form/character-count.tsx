const count = new Intl.NumberFormat('en-US');

/** How much of a length limit is used, under a text field (the field lists its id in aria-describedby). */
export function CharacterCount({ id, used, max }: { id: string; used: number; max: number }) {
  return (
    <p id={id} className={`mt-1 text-right text-xs ${used > max ? 'text-red-300' : 'text-slate-400'}`}>
      {count.format(used)} / {count.format(max)} characters
    </p>
  );
}
