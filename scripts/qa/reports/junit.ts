import type { QaCase } from '../cases.js';

const escape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 allows no control characters but tab and newlines.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/**
 * JUnit XML, as CI systems read it: a suite per region (and `validate`), a case per screen (region × route); a
 * failure carries the YAML's file:line:column (also as the case's `file` and `line` attributes) and every problem.
 */
export function junitXml(cases: readonly QaCase[], seconds: number): string {
  const suites = new Map<string, QaCase[]>();
  for (const c of cases) suites.set(c.suite, [...(suites.get(c.suite) ?? []), c]);
  const failed = cases.filter((c) => c.failures.length).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tianmu qa" tests="${cases.length}" failures="${failed}" time="${seconds.toFixed(1)}">`,
  ];
  for (const [suite, list] of suites) {
    const suiteFailures = list.filter((c) => c.failures.length).length;
    lines.push(`  <testsuite name="${escape(suite)}" tests="${list.length}" failures="${suiteFailures}">`);
    for (const c of list) {
      const at = c.where ? ` file="${escape(c.where.file)}" line="${c.where.line}"` : '';
      const open = `    <testcase classname="${escape(suite)}" name="${escape(c.name)}"${at}`;
      if (!c.failures.length) {
        lines.push(`${open}/>`);
        continue;
      }
      const location = c.where ? `${c.where.file}:${c.where.line}:${c.where.column}` : '';
      // A validator's problem starts with its own file:line:column: not said twice.
      const where = location && !c.failures[0].startsWith(location) ? `${location}  ` : '';
      lines.push(
        `${open}>`,
        `      <failure message="${escape(where + c.failures[0])}">${escape([where.trim(), ...c.failures].filter(Boolean).join('\n'))}</failure>`,
        '    </testcase>',
      );
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}
