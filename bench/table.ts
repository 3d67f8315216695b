import type { BenchRow } from './types';

/** A plain-text table: bench, figure, value, target, verdict and the command that reproduces it. */
export function formatTable(sections: { name: string; rows: BenchRow[] }[]): string {
  const header = ['bench', 'figure', 'value', 'target', '', 'command'];
  const lines = sections.flatMap(({ name, rows }) =>
    rows.map((r) => [
      name,
      r.figure,
      r.value,
      r.target ?? '',
      r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED',
      r.command ?? '',
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

/** The same table as Markdown, for docs/performance.md. */
export function formatMarkdown(sections: { name: string; rows: BenchRow[] }[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const lines = sections.flatMap(({ name, rows }) =>
    rows.map((r) =>
      [
        name,
        r.figure,
        r.value,
        r.target ?? '',
        r.ok === undefined ? '' : r.ok ? 'ok' : 'missed',
        r.command ? `\`${r.command}\`` : '',
      ]
        .map(cell)
        .join(' | '),
    ),
  );
  return ['| bench | figure | value | target | | command |', '| --- | --- | --- | --- | --- | --- |']
    .concat(lines.map((l) => `| ${l} |`))
    .join('\n');
}
