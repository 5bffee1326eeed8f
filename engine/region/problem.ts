import { closest, distance } from 'fastest-levenshtein';

/** One thing wrong with the region files, located in the file an author has to edit. */
export interface Problem {
  /** Repo-relative path of the file (forward slashes). */
  file: string;
  /** 1-based line; 0 when the problem has no place in a file (e.g. a missing file). */
  line: number;
  /** 1-based column. */
  column: number;
  /** Config path, e.g. `pages.home.blocks[2].props.rows`; empty for the whole file. */
  path: string;
  /** What was expected, in plain words. Chinese data is quoted verbatim. */
  message: string;
  /** The nearest known name, when the problem is a misspelling. */
  suggestion?: string;
}

/**
 * `file:line:column  path  message (did you mean X?)` — the one-line form the CLI and the server print.
 *
 * @example
 * formatProblem({ file: 'regions/chunan/region.yaml', line: 4, column: 3, path: 'flags.homeShowLogn',
 *   message: 'unknown flag "homeShowLogn"', suggestion: 'homeShowLogin' })
 * // → 'regions/chunan/region.yaml:4:3  flags.homeShowLogn  unknown flag "homeShowLogn" (did you mean homeShowLogin?)'
 */
export function formatProblem(problem: Problem): string {
  const where = `${problem.file}:${problem.line}:${problem.column}`;
  const hint = problem.suggestion ? ` (did you mean ${problem.suggestion}?)` : '';
  return `${where}  ${problem.path || '(file)'}  ${problem.message}${hint}`;
}

/** Problems in reading order: by file, then position, then path (so output and tests are stable). */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.path.localeCompare(b.path) || a.message.localeCompare(b.message),
  );
}

/**
 * The nearest candidate to a misspelt name, or undefined when nothing is close enough to be a plausible typo
 * (more than a third of the name differs) — a wild guess is worse than none.
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  if (list.length === 0 || !name) return undefined;
  const lower = name.toLowerCase();
  // Case-only differences (homeshowlogin) are the commonest slip; prefer them to closer-by-count spellings.
  const caseMatch = list.find((c) => c.toLowerCase() === lower);
  if (caseMatch) return caseMatch;
  const best = closest(name, list);
  return distance(name, best) <= Math.max(2, Math.ceil(name.length / 3)) ? best : undefined;
}

/** One step of a config path: an object key or an array index. */
export type PathSegment = string | number;

/** `['pages', 'home', 'blocks', 2, 'props']` → `pages.home.blocks[2].props`; odd keys are quoted: `statusLabels["2"]`. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}
