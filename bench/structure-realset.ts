import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkStructure, namedOnce, prepareForStructureCheck, type StructureCheck } from '../bff/src/images';
import { agentVerdict, REPAIRS_DIR, type AgentVerdict, type Reviewer } from './structure-verdict';
import { DEV_OPENINGS, subtleChanges, type SubtleKind } from './support/subtle-changes';
import type { BenchRow } from './types';

/** Real before/after stagings beside the repository (never copied into it): present on the team's machines only. */
const REALSET = fileURLToPath(new URL('../../shared/realset-dev/', import.meta.url));

interface Label {
  id: string;
  before: string;
  after: string;
  verdict: 'structure kept' | 'structure changed' | 'unsure';
  summary: string;
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
 * made from the kept results (a window covered, a window moved, a wall repainted), counted apart; and the
 * agent's verdict, through the staging job's repair and second check, and `reviewer`'s second opinion where
 * a vision model is configured (none by default: its column reads 'not configured').
 */
export async function realsetRows(reviewer: Reviewer = {}): Promise<BenchRow[]> {
  const folder = process.env.STRUCTURE_REALSET ?? REALSET;
  if (!existsSync(`${folder}labels.json`))
    return [{ figure: 'structure check on real stagings', value: `skipped: ${folder} not found` }];
  const labels = JSON.parse(await readFile(`${folder}labels.json`, 'utf8')) as Label[];
  // Only this run's repairs are left to look at.
  await rm(REPAIRS_DIR, { recursive: true, force: true });
  await mkdir(REPAIRS_DIR, { recursive: true });
  const kept: Verdict[] = [];
  const changed: Verdict[] = [];
  const subtle = new Map<SubtleKind, Verdict[]>();
  const times: number[] = [];
  const agent: { kept: AgentVerdict[]; changed: AgentVerdict[] } = { kept: [], changed: [] };
  for (const label of labels) {
    if (label.verdict === 'unsure') continue;
    const original = await readFile(folder + label.before);
    const prepared = await prepareForStructureCheck(original);
    const after = await readFile(folder + label.after);
    // The labels name exteriors: the staging job checks those as the 'exterior' room type.
    const verdict = await agentVerdict(label.id, original, after, reviewer, /EXTERIOR/.test(label.summary));
    (label.verdict === 'structure kept' ? agent.kept : agent.changed).push(verdict);
    times.push(verdict.cpuMs);
    const v = {
      id: label.id,
      score: verdict.check.score,
      flagged: verdict.check.flagged,
      changes: verdict.check.changes,
    };
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
  await writeFile(`${REPAIRS_DIR}../structure-verdict.md`, verdictTable(agent));
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
  rows.push(...agentRows(agent));
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
    figure: "real stagings: check CPU time (user + system) per result at the photo's size (median / max)",
    value: `${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} / ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
  });
  return rows;
}

function describe(check: StructureCheck): string {
  return namedOnce(check.changes).join('; ');
}

const agentList = (vs: AgentVerdict[]) =>
  vs
    .map(
      (v) =>
        `${v.id}${v.final.flagged ? `! [${v.final.changes}]` : ''}${v.final.restored ? ` restored [${v.final.restored}]` : ''}`,
    )
    .join(', ');

/** The agent's verdict: what the staging job shows after repair, second check and second opinion. */
function agentRows(agent: { kept: AgentVerdict[]; changed: AgentVerdict[] }): BenchRow[] {
  const keptFlagged = agent.kept.filter((v) => v.final.flagged).length;
  const caught = agent.changed.filter((v) => v.final.flagged).length;
  const repaired = [...agent.kept, ...agent.changed].filter((v) => v.final.restored);
  return [
    {
      figure: `real stagings, agent's verdict (check, repair, check again, second opinion): kept rooms flagged (${agentList(agent.kept)})`,
      value: `${keptFlagged} of ${agent.kept.length}`,
      target: '<= 1 in 10',
      ok: keptFlagged <= agent.kept.length / 10,
      data: { flagged: keptFlagged, rooms: agent.kept.length },
    },
    {
      figure: `real stagings, agent's verdict: changed rooms caught (${agentList(agent.changed)})`,
      value: `${caught} of ${agent.changed.length}`,
      target: '>= 9 in 10 (or truly restored, by eye)',
      ok: caught >= agent.changed.length * 0.9,
      data: { caught, rooms: agent.changed.length },
    },
    {
      figure: `real stagings: repaired results kept, side by side in ${REPAIRS_DIR} (${repaired.map((v) => v.id).join(', ') || 'none'})`,
      value: `${repaired.length}`,
    },
  ];
}

/** Per pair, as Markdown: the check alone and the agent's verdict, for the closing note. */
function verdictTable(agent: { kept: AgentVerdict[]; changed: AgentVerdict[] }): string {
  const cell = (s: string) => s.replace(/\|/g, '/') || '-';
  const lines = [
    "| pair | label | check alone | agent's verdict | restored | second opinion | check CPU ms |",
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [label, vs] of [
    ['kept', agent.kept],
    ['changed', agent.changed],
  ] as const)
    for (const v of vs)
      lines.push(
        `| ${v.id} | ${label} | ${v.check.flagged ? `flagged: ${cell(v.check.changes)}` : 'passed'} | ${
          v.final.flagged ? `flagged: ${cell(v.final.changes)}` : 'passed'
        } | ${cell(v.final.restored)} | ${v.final.opinion || 'not configured'} | ${v.cpuMs.toFixed(0)} |`,
      );
  return `${lines.join('\n')}\n`;
}
