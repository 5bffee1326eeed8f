import { closest, distance } from 'fastest-levenshtein';
import { PROBLEM_TEXTS, type ProblemCode, type ProblemLanguage, type ProblemParams } from './problem-texts.js';

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
  /** The kind of problem: its entry in PROBLEM_TEXTS. */
  code: ProblemCode;
  /** The facts its message is written from. */
  params: ProblemParams;
  /** What is wrong and how to fix it, in Chinese for config authors. */
  message: string;
  /** The same in English, for engineers (`--lang en`). */
  english: string;
  /**
   * Where, in Chinese, naming things by their names: 首页（home）第 1 个区块（新闻轮播）的属性 rows, 古市镇的 deptCode.
   * Absent when the path says it as well (a top-level key) or the problem is the whole file.
   */
  where?: string;
  /** The nearest known name, when the problem is a misspelling. */
  suggestion?: string;
}

/** Where a problem is and what it is, before its texts are written. */
export interface ProblemFacts {
  file: string;
  line: number;
  column: number;
  path: string;
  code: ProblemCode;
  params?: ProblemParams;
  suggestion?: string;
}

/**
 * A problem with its texts written from the catalogue, in both languages.
 *
 * @example
 * makeProblem({ file: 'regions/a/region.yaml', line: 3, column: 1, path: 'cityNmae', code: 'unknownKey',
 *   params: { noun: '顶层配置项', nounEn: 'top-level key', key: 'cityNmae' }, suggestion: 'cityName' })
 */
export function makeProblem({ params = {}, suggestion, ...facts }: ProblemFacts): Problem {
  const text = PROBLEM_TEXTS[facts.code];
  return { ...facts, params, message: text.zh(params), english: text.en(params), ...(suggestion ? { suggestion } : {}) };
}

/**
 * The one-line form the CLI and the server print: `file:line:column  where：message（是否应为 X？）` in Chinese,
 * `file:line:column  path  message (did you mean X?)` in English.
 *
 * @example
 * formatProblem(problem)        // 'regions/chunan/region.yaml:4:3  功能开关 homeShowLogn：不认识的功能开关“homeShowLogn”（是否应为 homeShowLogin？）'
 * formatProblem(problem, 'en')  // 'regions/chunan/region.yaml:4:3  flags.homeShowLogn  unknown flag "homeShowLogn" (did you mean homeShowLogin?)'
 */
export function formatProblem(problem: Problem, language: ProblemLanguage = 'zh'): string {
  const at = `${problem.file}:${problem.line}:${problem.column}`;
  if (language === 'en') {
    const hint = problem.suggestion ? ` (did you mean ${problem.suggestion}?)` : '';
    return `${at}  ${problem.path || '(file)'}  ${problem.english}${hint}`;
  }
  const hint = problem.suggestion ? `（是否应为 ${problem.suggestion}？）` : '';
  const where = problem.where ?? problem.path;
  return `${at}  ${where ? `${where}：` : ''}${problem.message}${hint}`;
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

/** The inverse of {@link formatPath}: `pages.home.blocks[2]["x y"]` → `['pages', 'home', 'blocks', 2, 'x y']`. */
export function parsePath(path: string): PathSegment[] {
  const out: PathSegment[] = [];
  const pattern = /\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\.?([^.[\]]+)/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) out.push(Number(match[1]));
    else if (match[2] !== undefined) out.push(JSON.parse(match[2]) as string);
    else if (match[3] !== undefined) out.push(match[3]);
  }
  return out;
}

/**
 * Problems a visitor meets as a dead end (a link to no page) while every page still renders: CI's validation and QA
 * fail on them, but a running portal is not refused its start for them (it logs them), and QA still walks the region
 * to find what else is wrong.
 */
export const PAGES_STILL_SERVE: ReadonlySet<ProblemCode> = new Set<ProblemCode>(['linkToNoPage']);

/** Whether a problem stops the portal from serving its region files (see PAGES_STILL_SERVE). */
export const stopsServing = (problem: Pick<Problem, 'code'>): boolean => !PAGES_STILL_SERVE.has(problem.code);
