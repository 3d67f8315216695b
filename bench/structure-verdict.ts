import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import pino from 'pino';
import type { StagingEngine } from '../bff/src/ai';
import {
  checkStructure,
  namedOnce,
  normalizeResult,
  prepareForStructureCheck,
  type StructureCheck,
} from '../bff/src/images';
import { checkResult, type CheckedResult } from '../bff/src/jobs/stage-and-check';

/** Every repaired result and its side-by-side (photo | result | repaired) go here (git-ignored). */
export const REPAIRS_DIR = fileURLToPath(new URL('./results/structure-repairs/', import.meta.url));
const PANEL_HEIGHT = 480;

/** What the agent is shown for one pair: the check alone, then after repair, second check and second opinion. */
export interface AgentVerdict {
  id: string;
  check: { flagged: boolean; score: number; changes: string };
  final: { flagged: boolean; changes: string; restored: string; opinion: string };
  /** The side-by-side PNG of a repaired result that was kept. */
  sideBySide: string | null;
  /** CPU time (user + system, all threads) of the first check, in ms. */
  cpuMs: number;
}

/** The engine the staging job would ask for a second opinion; without a vision model it has none. */
export type Reviewer = Pick<StagingEngine, 'reviewStructure'>;

const describe = (check: StructureCheck | null) => (check ? namedOnce(check.changes).join('; ') : '');

const silent = pino({ level: 'silent' });

/** Not called: only `reviewStructure` of the engine is used by the check, as in the staging job. */
const notStaging = (): never => {
  throw new Error('the bench only checks results');
};

async function sideBySide(id: string, original: Buffer, result: Buffer, repaired: Buffer): Promise<string> {
  const panels = await Promise.all(
    [original, result, repaired].map((image) =>
      sharp(image).resize({ height: PANEL_HEIGHT }).removeAlpha().png().toBuffer({ resolveWithObject: true }),
    ),
  );
  const gap = 8;
  const width = panels.reduce((sum, p) => sum + p.info.width, 0) + gap * 2;
  let left = 0;
  const layers = panels.map((p) => {
    const layer = { input: p.data, left, top: 0 };
    left += p.info.width + gap;
    return layer;
  });
  const path = `${REPAIRS_DIR}${id}-side.png`;
  await sharp({ create: { width, height: PANEL_HEIGHT, channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png()
    .toFile(path);
  return path;
}

/**
 * One real pair through the staging job's own path (`checkResult`): the result normalised to the photo's
 * shape, checked, repaired where the check allows, checked again, then reviewed where a reviewer is given.
 */
export async function agentVerdict(
  id: string,
  original: Buffer,
  after: Buffer,
  reviewer: Reviewer = {},
  outdoors = false,
): Promise<AgentVerdict> {
  const meta = await sharp(original).metadata();
  const size = { width: meta.width ?? 1, height: meta.height ?? 1 };
  const image = await normalizeResult(after, size);
  const prepared = await prepareForStructureCheck(original);
  const engine = { kind: 'bench', stage: notStaging, ...reviewer } as unknown as StagingEngine;
  const staging = { engine, log: silent, original, size, signal: new AbortController().signal };
  // As the staging job does for an exterior: its top is sky.
  const meant = outdoors ? { outdoors } : {};
  const checked: CheckedResult = await checkResult(staging, prepared, image, undefined, meant);
  // The check alone, timed apart: CPU time of every thread (sharp's too), as the machine is shared.
  const cpu = process.cpuUsage();
  const first = await checkStructure(prepared, image.data, meant);
  const used = process.cpuUsage(cpu);
  let path: string | null = null;
  if (checked.restored.length > 0) {
    await mkdir(REPAIRS_DIR, { recursive: true });
    await writeFile(`${REPAIRS_DIR}${id}-repaired.jpg`, checked.image.data);
    path = await sideBySide(id, original, image.data, checked.image.data);
  }
  return {
    id,
    check: { flagged: first.flagged, score: first.score, changes: describe(first) },
    final: {
      flagged: checked.check?.flagged ?? false,
      changes: describe(checked.check),
      restored: checked.restored.join('; '),
      opinion: checked.opinion ? (checked.opinion.changed ? 'changed' : 'kept') : '',
    },
    sideBySide: path,
    cpuMs: (used.user + used.system) / 1000,
  };
}
