import { existsSync } from 'node:fs';
import path from 'node:path';
import { COLLECTION_NAMES, type CollectionName } from '../model/collections';
import { checkDataFile, mendTail, type DataFileReport } from './nedb-file-check';
import { MANIFEST_FILE, readManifest, type Manifest } from './nedb-manifest';

/** Collections whose loss would lose a customer's data (sessions, limits and keys may start empty). */
export const DURABLE_COLLECTIONS: CollectionName[] = [
  'users',
  'preferences',
  'usage',
  'projects',
  'properties',
  'rooms',
  'contactMessages',
  // Printed QR addresses and archive pages lead here; an empty collection would answer 'no longer available'.
  'originalLinks',
  'handovers',
  // Integrations call with these keys and listen on these endpoints; an empty file would break them silently.
  'apiKeys',
  'webhookEndpoints',
];

export interface FileProblem {
  name: CollectionName;
  file: string;
  report: DataFileReport;
  /** Records the manifest last saw, when the file now has none. */
  lostRecords: { records: number; at: string } | null;
}

const listLines = (lines: number[]) =>
  lines.length <= 5 ? lines.join(', ') : `${lines.slice(0, 5).join(', ')} and ${lines.length - 5} more`;

/** One sentence for one damaged file. */
export function describeProblem(p: FileProblem): string {
  const base = path.basename(p.file);
  if (p.report.damagedLines.length > 0) {
    const n = p.report.damagedLines.length;
    return `${base}: ${n === 1 ? 'line' : 'lines'} ${listLines(p.report.damagedLines)} ${n === 1 ? 'is not a readable record' : 'are not readable records'}.`;
  }
  const lost = p.lostRecords!;
  return `${base} ${p.report.exists ? 'is empty' : 'is missing'}, but it held ${lost.records} records on ${lost.at}.`;
}

/** Refuses to start on damage that loading would turn into silent data loss. */
export class StoreDamagedError extends Error {
  override name = 'StoreDamagedError';
  constructor(
    readonly dbDir: string,
    readonly problems: FileProblem[],
  ) {
    const empties = problems.filter((p) => p.lostRecords).map((p) => p.name);
    super(
      [
        `Stagely will not start: the embedded data in ${dbDir} is damaged, and starting now would lose records.`,
        ...problems.map((p) => `  - ${describeProblem(p)}`),
        'Nothing was changed. `npm run store:check` gives a full report; `npm run store:repair` backs up each damaged file and keeps every readable record.',
        ...(empties.length > 0
          ? [
              `A missing or emptied file must be restored from a backup; if it really should be empty, run \`npm run store:repair -- --accept-empty ${empties.join(',')}\`.`,
            ]
          : []),
      ].join('\n'),
    );
  }
}

/** NeDB finishes an interrupted compaction from `<file>~` when the file itself is gone. */
export const readableFileOf = (file: string) =>
  !existsSync(file) && existsSync(`${file}~`) ? `${file}~` : file;

export interface IntegrityResult {
  reports: Map<CollectionName, DataFileReport>;
  problems: FileProblem[];
  manifest: Manifest | null;
}

/** Reads every data file and compares it with the manifest; changes nothing. */
export async function inspectDataFiles(
  dbDir: string,
  fileOf: (name: CollectionName) => string,
): Promise<IntegrityResult> {
  const manifest = await readManifest(dbDir);
  const reports = new Map<CollectionName, DataFileReport>();
  const problems: FileProblem[] = [];
  for (const name of COLLECTION_NAMES) {
    const file = readableFileOf(fileOf(name));
    const report = await checkDataFile(file);
    reports.set(name, report);
    const seen = manifest?.collections[name];
    const lost =
      DURABLE_COLLECTIONS.includes(name) && seen && seen.records > 0 && report.records === 0 ? seen : null;
    if (report.damagedLines.length > 0 || lost) problems.push({ name, file, report, lostRecords: lost });
  }
  return { reports, problems, manifest };
}

/**
 * Before NeDB loads: damage is reported (nothing changed); only a torn last line, what a crash while
 * appending leaves, is cut off, with a notice saying so.
 */
export async function checkDataFiles(
  dbDir: string,
  fileOf: (name: CollectionName) => string,
): Promise<{ notices: string[]; problems: FileProblem[]; manifest: Manifest | null }> {
  const { reports, problems, manifest } = await inspectDataFiles(dbDir, fileOf);
  const notices: string[] = [];
  if (problems.length > 0) return { notices, problems, manifest };
  for (const report of reports.values()) {
    if (!report.missingFinalNewline) continue;
    const cut = await mendTail(report.file);
    if (cut > 0)
      notices.push(
        `${path.basename(report.file)}: cut off an incomplete last record (${cut} bytes), left by a process that stopped while writing it.`,
      );
  }
  return { notices, problems, manifest };
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Projects left behind when users.db and the manifest that would have missed it are both gone. */
export class AccountsMissingError extends Error {
  override name = 'AccountsMissingError';
  constructor(dbDir: string, projects: number, owners: number) {
    super(
      [
        `Stagely will not start: ${path.join(dbDir, 'users.db')} holds no account and ${path.join(dbDir, MANIFEST_FILE)} is missing, but projects.db holds ${count(projects, 'project')} of ${count(owners, 'account')}.`,
        'Starting now would leave them without their accounts: nobody could sign in to see them. No record was changed.',
        `Stop Stagely, restore users.db (and ${MANIFEST_FILE}) from a backup into that folder, and start again. To start with no accounts and no projects instead, move the whole folder aside.`,
      ].join('\n'),
    );
  }
}

/**
 * With no manifest (a first start, or one lost with users.db) an empty users.db cannot be told from a
 * lost one except by the projects: refuses when projects have owners, and warns when none has.
 */
export function checkAccountsPresent(
  dbDir: string,
  /** Each project's owner id, as stored. */
  owners: readonly unknown[],
): string | null {
  if (owners.length === 0) return null;
  const accounts = new Set(owners.filter((id) => typeof id === 'string' && id !== ''));
  if (accounts.size > 0) throw new AccountsMissingError(dbDir, owners.length, accounts.size);
  return `projects.db holds ${count(owners.length, 'project')} without owners while users.db holds no account and ${MANIFEST_FILE} is missing; Stagely starts. If accounts were expected, stop it and restore users.db from a backup.`;
}
