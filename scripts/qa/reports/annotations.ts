import type { QaCase } from '../cases.js';

/** GitHub's workflow-command escaping of a message (and of a property value, which also escapes `:` and `,`). */
const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** `::error file=…,line=…,col=…,title=…::message` per failing case: GitHub Actions shows them on the YAML lines. */
export function githubAnnotations(cases: readonly QaCase[]): string[] {
  return cases
    .filter((c) => c.failures.length)
    .map((c) => {
      const at = c.where ? `file=${property(c.where.file)},line=${c.where.line},col=${c.where.column},` : '';
      return `::error ${at}title=${property(`${c.suite} ${c.name}`)}::${data(c.failures.join('\n'))}`;
    });
}

/** GitLab's Code Quality report (`artifacts: reports: codequality`): the merge request shows each on its line. */
export function gitlabCodeQuality(cases: readonly QaCase[]): unknown[] {
  return cases
    .filter((c) => c.failures.length)
    .map((c) => ({
      description: `${c.suite} ${c.name}: ${c.failures.join('；')}`,
      check_name: c.suite === 'validate' ? 'region-validation' : 'region-walk',
      fingerprint: Buffer.from(`${c.suite}|${c.name}|${c.failures.join('|')}`)
        .toString('base64')
        .slice(0, 64),
      severity: 'major',
      location: { path: c.where?.file ?? '.', lines: { begin: c.where?.line ?? 1 } },
    }));
}
