import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL's own tools (pg_dump, pg_restore, psql). Debian keeps each version's beside the others under
 * /usr/lib/postgresql/<version>/bin: the newest is taken (pg_dump must not be older than the server); otherwise the
 * PATH's.
 */
export function postgresTool(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  const root = '/usr/lib/postgresql';
  try {
    const versions = fs
      .readdirSync(root)
      .filter((v) => fs.existsSync(path.join(root, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(root, versions[0], 'bin', name);
  } catch {
    // not Debian's layout
  }
  return name;
}

/** A connection string with its password (if any) hidden, for messages. */
export function redactUrl(text: string): string {
  return text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/g, '$1:***@');
}

/** The last lines a tool wrote to stderr, one line, without secrets. */
function tail(stderr: string): string {
  return redactUrl(stderr.trim().split('\n').slice(-3).join(' / ')).slice(0, 500);
}

/**
 * Runs a tool; resolves when it exits with 0, rejects with its stderr's last lines otherwise. `input` (a stream) is
 * piped to its stdin; `output` receives its stdout.
 */
export function runTool(
  command: string,
  args: string[],
  options: { input?: NodeJS.ReadableStream; output?: NodeJS.WritableStream; env?: NodeJS.ProcessEnv } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: [options.input ? 'pipe' : 'ignore', options.output ? 'pipe' : 'ignore', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    if (options.input) {
      options.input.on('error', (error) => child.kill() && reject(error));
      child.stdin!.on('error', () => undefined); // the tool may stop reading on its own error: its exit code says why
      options.input.pipe(child.stdin!);
    }
    if (options.output) child.stdout!.pipe(options.output, { end: false });
    child.on('error', (error) => reject(new Error(`无法运行 ${path.basename(command)}：${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} 失败（退出码 ${code}）：${tail(stderr)}`));
    });
  });
}
