import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkStructure, namedOnce, prepareForStructureCheck, type StructureCheck } from '../bff/src/images';
import { DEV_OPENINGS, subtleChanges, type SubtleKind } from './support/subtle-changes';
import type { BenchRow } from './types';

/** Real before/after stagings beside the repository (never copied into it): present on the team's machines only. */
const REALSET = fileURLToPath(new URL('../../shared/realset-dev/', import.meta.url));

interface Label {
  id: string;
  before: string;
  after: string;
  verdict: 'structure kept' | 'structure changed' | 'unsure';
}

interface Verdict {
  id: string;
  score: number;
  flagged: boolean;
  changes: string;
}

const list = (vs: Verdict[]) =>
  vs.map((v) => `${v.id} ${v.score.toFixed(2)}${v.flagged ? `! [${v.changes}]` : ''}`).join(', ');

/**
 * The structure check on real stagings: kept rooms it flags, changed rooms it catches, and subtler changes
 * made from the kept results (a window covered, a window moved, a wall repainted), counted apart.
 */
export async function realsetRows(): Promise<BenchRow[]> {
  const folder = process.env.STRUCTURE_REALSET ?? REALSET;
  if (!existsSync(`${folder}labels.json`))
    return [{ figure: 'structure check on real stagings', value: `skipped: ${folder} not found` }];
  const labels = JSON.parse(await readFile(`${folder}labels.json`, 'utf8')) as Label[];
  const kept: Verdict[] = [];
  const changed: Verdict[] = [];
  const subtle = new Map<SubtleKind, Verdict[]>();
  const times: number[] = [];
  for (const label of labels) {
    if (label.verdict === 'unsure') continue;
    const prepared = await prepareForStructureCheck(await readFile(folder + label.before));
    const after = await readFile(folder + label.after);
    const started = performance.now();
    const check = await checkStructure(prepared, after);
    times.push(performance.now() - started);
    const v = { id: label.id, score: check.score, flagged: check.flagged, changes: describe(check) };
    (label.verdict === 'structure kept' ? kept : changed).push(v);
    if (label.verdict !== 'structure kept') continue;
    for (const c of await subtleChanges(after, DEV_OPENINGS[label.id] ?? [])) {
      const sc = await checkStructure(prepared, c.image);
      const list = subtle.get(c.kind) ?? [];
      list.push({ id: label.id, score: sc.score, flagged: sc.flagged, changes: describe(sc) });
      subtle.set(c.kind, list);
    }
  }
  if (process.env.STRUCTURE_REALSET_DUMP)
    await writeFile(
      process.env.STRUCTURE_REALSET_DUMP,
      JSON.stringify({ kept, changed, subtle: [...subtle] }, null, 1),
    );
  const keptFlagged = kept.filter((v) => v.flagged).length;
  const caught = changed.filter((v) => v.flagged).length;
  const rows: BenchRow[] = [
    {
      figure: `real stagings: kept rooms flagged (${list(kept)})`,
      value: `${keptFlagged} of ${kept.length}`,
      target: '<= 1 in 10',
      ok: keptFlagged <= kept.length / 10,
      data: { flagged: keptFlagged, rooms: kept.length },
    },
    {
      figure: `real stagings: changed rooms caught (${list(changed)})`,
      value: `${caught} of ${changed.length}`,
      target: '>= 9 in 10',
      ok: caught >= changed.length * 0.9,
      data: { caught, rooms: changed.length },
    },
  ];
  for (const [kind, vs] of subtle) {
    const n = vs.filter((v) => v.flagged).length;
    rows.push({
      figure: `subtler changes made from kept results: ${kind} caught (${list(vs)})`,
      value: `${n} of ${vs.length}`,
      data: { caught: n, cases: vs.length },
    });
  }
  const sorted = [...times].sort((a, b) => a - b);
  rows.push({
    figure: 'real stagings: check time per result at its own size (median)',
    value: `${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms`,
  });
  return rows;
}

function describe(check: StructureCheck): string {
  return namedOnce(check.changes).join('; ');
}
