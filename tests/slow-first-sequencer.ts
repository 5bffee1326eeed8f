import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the long files first. On a fresh clone (CI) vitest knows no durations and starts the largest files first, so
 * the dead-end walk — a short file that runs for minutes — began last and ran alone on one core at the end. Files
 * named here start in this order, the browser suites next, then vitest's own order.
 */
const LONGEST_FIRST = ['tests/browser/no-dead-ends.test.ts', 'tests/browser/flags.test.ts', 'tests/browser/finance.test.ts', 'tests/browser/about.test.ts'];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId.replace(/\\/g, '/');
  const named = LONGEST_FIRST.findIndex((name) => path.endsWith(name));
  if (named >= 0) return named;
  return path.includes('/tests/browser/') ? LONGEST_FIRST.length : LONGEST_FIRST.length + 1;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Array.prototype.sort is stable: within a rank vitest's order stays.
    return [...ordered].sort((a, b) => rank(a) - rank(b));
  }
}
