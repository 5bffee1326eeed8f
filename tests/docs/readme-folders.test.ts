import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// The README's "Folders" table is how a newcomer finds their way: it must name every folder of the levels it
// describes, and nothing that is gone. Folders are read from git (what a clone has), not from this disk's leftovers.
const DESCRIBED_LEVELS = ['server', 'engine', 'scripts', 'tests', 'schemas'];

function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    if (parts.length < 2 || parts[0].startsWith('.')) continue;
    folders.add(`${parts[0]}/`);
    if (DESCRIBED_LEVELS.includes(parts[0]) && parts.length > 2) folders.add(`${parts[0]}/${parts[1]}/`);
  }
  return [...folders].sort();
}

function tableFolders(): string[] {
  const lines = fs.readFileSync('README.md', 'utf8').split('\n');
  const start = lines.indexOf('### Folders');
  expect(start).toBeGreaterThan(-1);
  const listed: string[] = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('|')) inTable = true;
    else if (inTable) break;
    const firstCell = /^\| ([^|]+) \|/.exec(line)?.[1];
    for (const m of firstCell?.matchAll(/`([^`]+\/)`/g) ?? []) listed.push(m[1]);
  }
  return listed.sort();
}

describe("the README's folder table", () => {
  it('lists every folder of the repository and of server/, engine/, scripts/, tests/ and schemas/', () => {
    const listed = new Set(tableFolders());
    expect(listed.size).toBeGreaterThan(20);
    expect(trackedFolders().filter((folder) => !listed.has(folder))).toEqual([]);
  });

  it('lists no folder that does not exist', () => {
    expect(tableFolders().filter((folder) => !fs.existsSync(folder))).toEqual([]);
  });
});
