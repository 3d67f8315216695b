import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * How long one test file may take, in seconds, by project (browser files start pages; unit files should not):
 * about one and a half times the slowest file of passing CI runs on the 2-core machine (a unit file 24-37 s,
 * a browser file 47 s), so a file that grows past it is seen at once and the machine's own noise never fails
 * a run.
 */
export const FILE_BUDGET_SECONDS: Record<string, number> = { e2e: 120, 'e2e-timed': 120 };
export const UNIT_FILE_BUDGET_SECONDS = 60;
/** Where the run's file durations are written (git-ignored). */
export const DURATIONS_REPORT = 'test-results/file-durations.json';

export interface FileTime {
  file: string;
  project: string;
  seconds: number;
  /** A test of it ran twice (a retry): its time holds both runs, so no budget applies. */
  retried?: boolean;
}

export interface BudgetReport {
  slowest: (FileTime & { budget: number })[];
  over: (FileTime & { budget: number })[];
  files: number;
}

/** The ten slowest files and every file over its project's budget (`scale` widens all budgets alike). */
export function budgetReport(times: FileTime[], scale = 1): BudgetReport {
  const withBudget = times
    .map((t) => ({ ...t, budget: (FILE_BUDGET_SECONDS[t.project] ?? UNIT_FILE_BUDGET_SECONDS) * scale }))
    .sort((a, b) => b.seconds - a.seconds);
  return {
    slowest: withBudget.slice(0, 10),
    over: withBudget.filter((t) => t.seconds > t.budget && !t.retried),
    files: times.length,
  };
}

/** The summary's lines: the ten slowest, then one line per file over its budget, named. */
export function budgetLines(report: BudgetReport): string[] {
  const row = (t: FileTime & { budget: number }) =>
    `  ${t.seconds.toFixed(1).padStart(6)} s  (budget ${t.budget} s)  ${t.project}  ${t.file}`;
  const lines = ['Slowest test files:', ...report.slowest.map(row)];
  for (const t of report.over) {
    lines.push(
      `Over its budget: ${t.file} took ${t.seconds.toFixed(1)} s (budget ${t.budget} s, ${t.project})`,
    );
  }
  return lines;
}

/** A file's own time: importing it and running its hooks and tests (not the worker's environment set-up). */
function fileTime(module: TestModule, root: string): FileTime | null {
  if (module.state() === 'skipped') return null;
  const d = module.diagnostic();
  return {
    file: path.relative(root, module.moduleId),
    project: module.project.name,
    seconds: (d.collectDuration + d.setupDuration + d.duration) / 1000,
    retried: [...module.children.allTests()].some((t) => (t.diagnostic()?.retryCount ?? 0) > 0),
  };
}

/**
 * A vitest reporter (beside the default one): lists the ten slowest files at the end of the run, writes every
 * file's time to DURATIONS_REPORT, and fails the run naming each file over its budget, so slowness is seen when
 * it is added. TEST_BUDGET_SCALE widens the budgets on a machine busier than CI's.
 */
export default class FileBudgetReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  async onTestRunEnd(modules: readonly TestModule[]): Promise<void> {
    const times = modules.map((m) => fileTime(m, this.root)).filter((t): t is FileTime => t !== null);
    if (times.length === 0) return;
    const scale = Number(process.env.TEST_BUDGET_SCALE ?? '1') || 1;
    const report = budgetReport(times, scale);
    const out = path.join(this.root, DURATIONS_REPORT);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, JSON.stringify({ ...report, all: times }, null, 2));
    console.log(`\n${budgetLines(report).join('\n')}\n(all file times: ${DURATIONS_REPORT})`);
    // Browser and BFF tests get one retry on two busy cores; each that needed it is named, so a flake is seen.
    const flaky = modules.flatMap((m) =>
      [...m.children.allTests()]
        .filter((t) => t.diagnostic()?.flaky)
        .map((t) => {
          // A retried test that passed still carries the errors of the attempt that failed: the first says why.
          // Its first lines: a browser action's call log says what it waited on.
          const why = (t.result().errors?.[0]?.message ?? '').split('\n').slice(0, 12).join('\n      ');
          return `  ${path.relative(this.root, m.moduleId)} > ${t.fullName}\n    first attempt: ${why}`;
        }),
    );
    if (flaky.length > 0) console.log(`Passed only on a retry (flaky):\n${flaky.join('\n')}`);
    if (report.over.length > 0) process.exitCode = 1;
  }
}
