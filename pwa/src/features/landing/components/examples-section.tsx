import { ExamplePanel } from './example-panel';

export const EXAMPLES = [
  { id: 'living-room', label: 'Living Room' },
  { id: 'kitchen', label: 'Kitchen' },
  { id: 'bedroom', label: 'Bedroom' },
] as const;
export type ExampleId = (typeof EXAMPLES)[number]['id'];

export const EXAMPLES_SECTION_ID = 'examples';

/** Three made-for-the-project before/after pairs (scripts/make-examples.ts), one shown at a time. */
export function ExamplesSection({
  selected,
  onSelect,
}: {
  selected: ExampleId;
  onSelect: (id: ExampleId) => void;
}) {
  const example = EXAMPLES.find((e) => e.id === selected) ?? EXAMPLES[0];
  return (
    <section
      id={EXAMPLES_SECTION_ID}
      aria-labelledby="examples-title"
      className="mx-auto max-w-4xl scroll-mt-4 px-4 py-16"
    >
      <h2 id="examples-title" className="text-center text-3xl font-bold tracking-tight">
        See the difference
      </h2>
      <p className="mt-3 text-center text-slate-300">
        Drag the divider to compare the empty room with the staged one.
      </p>
      <div role="group" aria-label="Example rooms" className="mt-6 flex flex-wrap justify-center gap-2">
        {EXAMPLES.map((e) => (
          <button
            key={e.id}
            type="button"
            aria-pressed={e.id === example.id}
            onClick={() => onSelect(e.id)}
            className={`min-h-11 rounded-full px-5 text-sm font-medium ${
              e.id === example.id
                ? 'bg-indigo-600 text-white'
                : 'border border-slate-700 text-slate-200 hover:bg-slate-800'
            }`}
          >
            {e.label}
          </button>
        ))}
      </div>
      <ExamplePanel id={example.id} label={example.label} />
    </section>
  );
}
