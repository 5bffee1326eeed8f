/**
 * The checks `npm test` runs before the tests: generated types fresh, typecheck, lint, format, region files valid and
 * the client build. They are independent, so they run two at a time (the machines we test on have two cores), the
 * longest first; each one's output is printed whole when it ends, and every failure is reported, not only the first.
 *
 * @example
 *   npx tsx scripts/checks.ts            # all of them
 *   npx tsx scripts/checks.ts lint typecheck
 */
import { spawn } from 'node:child_process';

interface Check {
  name: string;
  command: string[];
}

/** Longest first, so the two lanes end close together. */
const CHECKS: Check[] = [
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'build', command: ['npm', 'run', '--silent', 'build', '--', '--logLevel', 'warn'] },
  { name: 'format:check', command: ['npm', 'run', '--silent', 'format:check'] },
  { name: 'check:types-fresh', command: ['npm', 'run', '--silent', 'check:types-fresh'] },
  { name: 'validate:regions', command: ['npm', 'run', '--silent', 'validate:regions'] },
];

const LANES = 2;

function run(check: Check): Promise<{ check: Check; code: number; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(check.command[0], check.command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ check, code: 1, output: output + String(error), ms: Date.now() - started }));
    child.on('close', (code) => resolve({ check, code: code ?? 1, output, ms: Date.now() - started }));
  });
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !CHECKS.some((c) => c.name === name));
  if (unknown.length) {
    console.error(`未知的检查：${unknown.join('、')}（可选：${CHECKS.map((c) => c.name).join('、')}）`);
    process.exit(2);
  }
  const queue = CHECKS.filter((c) => !wanted.length || wanted.includes(c.name));
  const failed: string[] = [];
  const lane = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const result = await run(check);
      const seconds = (result.ms / 1000).toFixed(1);
      // npm's own warnings about the machine's npmrc are noise here; the check's output is kept whole.
      const output = result.output
        .split('\n')
        .filter((line) => !line.startsWith('npm warn Unknown user config'))
        .join('\n')
        .trim();
      console.log(`== ${result.code === 0 ? 'ok' : 'FAILED'} ${check.name} (${seconds} s)${output ? `\n${output}` : ''}`);
      if (result.code !== 0) failed.push(check.name);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  if (failed.length) {
    console.error(`检查未通过：${failed.join('、')}`);
    process.exit(1);
  }
}

await main();
