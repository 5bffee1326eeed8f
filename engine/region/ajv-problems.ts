import type { ErrorObject } from 'ajv';
import { locate, type OriginNode } from './origin.js';
import { formatPath, makeProblem, suggest, type PathSegment, type Problem } from './problem.js';
import type { ProblemCode, ProblemParams } from './problem-texts.js';
import { URL_FORMAT } from '../security/url-policy.js';

/** A value as a message names it: `文字“七”` / `the text "七"`. */
function describe(value: unknown): { got: string; gotEn: string } {
  if (value === null) return { got: '空值', gotEn: 'null' };
  if (Array.isArray(value)) return { got: '一个列表', gotEn: 'a list' };
  if (typeof value === 'object') return { got: '一组“键: 值”', gotEn: 'a mapping' };
  if (typeof value === 'string') return { got: `文字“${value}”`, gotEn: `the text ${JSON.stringify(value)}` };
  if (typeof value === 'number') return { got: `数字 ${value}`, gotEn: `number ${value}` };
  return { got: String(value), gotEn: `${typeof value} ${JSON.stringify(value)}` };
}

const TYPE_WORDS: Record<string, [string, string]> = {
  string: ['文字', 'text'],
  integer: ['整数', 'a whole number'],
  number: ['数字', 'a number'],
  boolean: ['“true”或“false”', 'true or false'],
  object: ['“键: 值”的配置', 'a mapping (key: value)'],
  array: ['列表', 'a list'],
  null: ['空值', 'null'],
};

function typeWords(type: unknown): { expected: string; expectedEn: string } {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
  const words = types.map((t) => TYPE_WORDS[t] ?? [t, t]);
  return { expected: words.map((w) => w[0]).join('或'), expectedEn: words.map((w) => w[1]).join(' or ') };
}

/** The schemas' patterns in words (the Chinese message cannot show a regular expression to a clerk). */
const PATTERN_WORDS: Record<string, string> = {
  '^/': '以 / 开头的本站页面地址，例如 /pressCenter',
  '^[A-Za-z][A-Za-z0-9]*$': '以英文字母开头、只含英文字母和数字的名称',
  '^[A-Za-z][A-Za-z0-9_-]*$': '以英文字母开头、只含英文字母、数字、_ 和 - 的名称',
  '^[A-Za-z][A-Za-z0-9_]*$': '以英文字母开头、只含英文字母、数字和 _ 的名称',
  '^[a-zA-Z][a-zA-Z0-9_]*$': '以英文字母开头、只含英文字母、数字和 _ 的名称',
  '^[a-zA-Z][\\w-]*$': '以英文字母开头、只含英文字母、数字、_ 和 - 的名称',
  '^[a-z0-9]+(-[a-z0-9]+)*$': '小写英文字母和数字，可用 - 连接，例如 song-yang',
  '^[0-9]+$': '只含数字',
  '^[0-9]{12}$': '12 位数字',
  '^[0-9]{6,12}$': '6 到 12 位数字',
  '^[A-Z]{1,6}$': '1 到 6 个大写英文字母，例如 LT',
  '^(1[01]|[2-9])(,(1[01]|[2-9]))*$': '2 到 11 的数字，多个用英文逗号隔开，例如 2,3',
  '^https?://[^\\s\\u0000]+$': 'http:// 或 https:// 开头的网址',
  '^(/|https?://)': '以 / 开头的本站地址，或 http(s) 网址',
  '^(wss?|https?)://': 'ws(s):// 或 http(s):// 开头的地址',
  '^#[0-9a-fA-F]{6}$': '# 加 6 位十六进制数的颜色，例如 #0b5c3a',
};

/** Instance path → segments, array steps as numbers (read off the data so `"2"` keys of statusLabels stay keys). */
function segmentsOf(instancePath: string, data: unknown): PathSegment[] {
  if (!instancePath) return [];
  const out: PathSegment[] = [];
  let current = data;
  for (const raw of instancePath.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      out.push(Number(key));
      current = current[Number(key)];
    } else {
      out.push(key);
      current = current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
    }
  }
  return out;
}

/** What kind of key a map holds ("unknown flag" reads better than "unknown key" under flags). */
function keyNoun(segments: PathSegment[]): { noun: string; nounEn: string } {
  const last = segments[segments.length - 1];
  if (segments.length === 0) return { noun: '顶层配置项', nounEn: 'top-level key' };
  if (last === 'flags') return { noun: '功能开关', nounEn: 'flag' };
  if (last === 'siteData') return { noun: '站点数据项', nounEn: 'site-data key' };
  if (last === 'props') return { noun: '区块属性', nounEn: 'prop' };
  return { noun: '配置项', nounEn: 'key' };
}

const COMPARISON_WORDS: Record<string, string> = { '>=': '大于或等于', '<=': '小于或等于', '>': '大于', '<': '小于' };

/** One ajv error in the catalogue's terms; where it points may differ from the instance path (a key). */
interface Reading {
  code: ProblemCode;
  params?: ProblemParams;
  path?: PathSegment[];
  atKey?: boolean;
  suggestion?: string;
}

const hasChinese = (text: string | undefined) => text !== undefined && /[\u4e00-\u9fff]/.test(text);

function readTypeError(error: ErrorObject, local: PathSegment[]): Reading {
  const wanted = (error.params as { type: unknown }).type;
  // YAML reads `deptCode: 330199000000` as a number; a code is text and keeps its digits only in quotes.
  if (typeof error.data === 'number' && String(wanted).split(',').includes('string')) {
    const key = local.length ? String(local[local.length - 1]) : 'value';
    const exact = Number.isSafeInteger(error.data) || !Number.isInteger(error.data);
    if (!exact) return { code: 'numberNeedsQuotesRounded' };
    return { code: 'numberNeedsQuotes', params: { key, value: error.data }, suggestion: `"${error.data}"` };
  }
  return { code: 'wrongType', params: { ...typeWords(wanted), ...describe(error.data) } };
}

function readError(error: ErrorObject, segments: PathSegment[], local: PathSegment[]): Reading {
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
  const hintEn = typeof parentSchema.description === 'string' ? parentSchema.description : '';
  const got = describe(error.data);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys((parentSchema.properties as object) ?? {});
      const suggestion = suggest(key, known);
      const list = !suggestion && known.length <= 12 ? known.join(', ') : '';
      return { code: 'unknownKey', params: { ...keyNoun(segments), key, known: list }, path: [...segments, key], atKey: true, suggestion };
    }
    case 'required':
      return { code: 'missingKey', params: { key: String(params.missingProperty) }, path: [...segments, String(params.missingProperty)] };
    case 'type':
      return readTypeError(error, local);
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      const suggestion = typeof error.data === 'string' ? suggest(error.data, allowed) : undefined;
      return { code: 'notInList', params: { allowed: allowed.join(', '), ...got }, suggestion };
    }
    case 'pattern': {
      const pattern = String(params.pattern);
      return { code: 'badPattern', params: { ...got, hint: PATTERN_WORDS[pattern] ?? `符合规则 ${pattern}`, hintEn: hintEn || `(${pattern})` } };
    }
    case 'format':
      if (params.format === URL_FORMAT) return { code: 'badAddress', params: got };
      return { code: 'badFormat', params: { ...got, format: String(params.format) } };
    case 'propertyNames': {
      const name = String(params.propertyName);
      return { code: 'badName', params: { name, hint: hasChinese(hintEn) ? hintEn : '', hintEn }, path: [...segments, name], atKey: true };
    }
    case 'anyOf':
    case 'oneOf':
      return { code: 'noFormMatches', params: { ...got, hint: hasChinese(hintEn) ? hintEn : '', hintEn } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = String(params.comparison);
      return {
        code: 'outOfRange',
        params: { comparison, comparisonZh: COMPARISON_WORDS[comparison] ?? comparison, limit: Number(params.limit), value: JSON.stringify(error.data) },
      };
    }
    case 'minItems':
    case 'maxItems': {
      const count = Array.isArray(error.data) ? error.data.length : 0;
      return { code: error.keyword === 'minItems' ? 'tooFewItems' : 'tooManyItems', params: { limit: Number(params.limit), count } };
    }
    case 'minLength':
    case 'maxLength':
      return { code: error.keyword === 'minLength' ? 'tooShort' : 'tooLong', params: { limit: Number(params.limit), ...got } };
    default:
      return { code: 'otherRule', params: { rule: error.keyword, detail: error.message ?? 'is not valid', ...got } };
  }
}

/**
 * Turns ajv errors into problems located through the origin tree. `prefix` is where the validated value sits in
 * the whole config (a block's props are validated on their own). Errors ajv raises only to say which branch of an
 * `if` failed, and the branch errors of an `anyOf` that is reported as a whole, are dropped as noise.
 */
export function ajvProblems(errors: readonly ErrorObject[] | null | undefined, data: unknown, origin: OriginNode, prefix: PathSegment[] = []): Problem[] {
  if (!errors) return [];
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  const insideUnion = (e: ErrorObject) =>
    unions.some((u) => u !== e && e.schemaPath.startsWith(`${u.schemaPath}/`) && e.instancePath.startsWith(u.instancePath));
  const problems: Problem[] = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    if (insideUnion(error)) continue;
    if (error.keyword === 'pattern' && error.propertyName !== undefined) continue; // reported by its propertyNames error
    const local = segmentsOf(error.instancePath, data);
    const segments = [...prefix, ...local];
    const reading = readError(error, segments, local);
    const path = reading.path ?? segments;
    problems.push(
      makeProblem({
        ...locate(origin, path, reading.atKey),
        path: formatPath(path),
        code: reading.code,
        params: reading.params,
        suggestion: reading.suggestion,
      }),
    );
  }
  return problems;
}
