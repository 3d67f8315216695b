import type { BenchRow } from './types';

/** A plain-text table: bench, figure, value, target, verdict. */
export function formatTable(sections: { name: string; rows: BenchRow[] }[]): string {
  const header = ['bench', 'figure', 'value', 'target', ''];
  const lines = sections.flatMap(({ name, rows }) =>
    rows.map((r) => [
      name,
      r.figure,
      r.value,
      r.target ?? '',
      r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED',
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}
