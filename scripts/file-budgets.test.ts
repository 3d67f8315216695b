import { describe, expect, it } from 'vitest';
import { budgetLines, budgetReport, type FileTime } from './file-budgets';

const unit = (file: string, seconds: number): FileTime => ({ file, project: 'bff', seconds });
const browser = (file: string, seconds: number): FileTime => ({ file, project: 'e2e', seconds });

describe('the test files’ time budgets', () => {
  it('lists the ten slowest files, slowest first', () => {
    const times = Array.from({ length: 14 }, (_, i) => unit(`f${i}.test.ts`, i / 2));
    const { slowest, over } = budgetReport(times);
    expect(slowest.map((t) => t.file)).toEqual(
      [13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `f${i}.test.ts`),
    );
    expect(over).toEqual([]);
  });

  it('names a unit file over 60 s and a browser file over 120 s, not a browser file at 119 s', () => {
    const report = budgetReport([
      unit('a.test.ts', 60.5),
      browser('e2e/b.test.ts', 121),
      browser('e2e/c.test.ts', 119),
    ]);
    expect(report.over.map((t) => t.file)).toEqual(['e2e/b.test.ts', 'a.test.ts']);
    expect(budgetLines(report)).toContain('Over its budget: a.test.ts took 60.5 s (budget 60 s, bff)');
  });

  it('widens every budget by the scale a busier machine sets', () => {
    expect(budgetReport([unit('a.test.ts', 100), browser('e2e/b.test.ts', 200)], 2).over).toEqual([]);
  });

  it('holds no budget against a file whose test ran twice (a retried browser test)', () => {
    const retried = { ...browser('e2e/d.test.ts', 150), retried: true };
    expect(budgetReport([retried, browser('e2e/e.test.ts', 150)]).over.map((t) => t.file)).toEqual([
      'e2e/e.test.ts',
    ]);
  });
});
