import type { ErrorObject } from 'ajv';
import { locate, type OriginNode } from './origin.js';
import { formatPath, suggest, type PathSegment, type Problem } from './problem.js';
import { URL_FORMAT } from '../security/url-policy.js';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text ${JSON.stringify(value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a mapping (key: value)',
  array: 'a list',
  null: 'null',
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
}

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

/** What kind of key a map holds, for messages ("unknown flag" reads better than "unknown key" under flags). */
function keyNoun(segments: PathSegment[]): string {
  const last = segments[segments.length - 1];
  if (segments.length === 0) return 'top-level key';
  if (last === 'flags') return 'flag';
  if (last === 'siteData') return 'site-data key';
  if (last === 'props') return 'prop';
  return 'key';
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
    const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>;
    const expected = typeof parentSchema.description === 'string' ? parentSchema.description : undefined;
    let path = segments;
    let atKey = false;
    let message: string;
    let suggestion: string | undefined;
    switch (error.keyword) {
      case 'additionalProperties': {
        const key = String((error.params as { additionalProperty: string }).additionalProperty);
        const known = Object.keys((parentSchema.properties as object) ?? {});
        path = [...segments, key];
        atKey = true;
        message = `unknown ${keyNoun(segments)} "${key}"`;
        suggestion = suggest(key, known);
        if (!suggestion && known.length <= 12) message += `; expected one of: ${known.join(', ')}`;
        break;
      }
      case 'required': {
        const key = String((error.params as { missingProperty: string }).missingProperty);
        path = [...segments, key];
        message = `missing required key "${key}"`;
        break;
      }
      case 'type': {
        const wanted = (error.params as { type: unknown }).type;
        message = `expected ${typeWords(wanted)}, got ${describe(error.data)}`;
        // YAML reads `deptCode: 330199000000` as a number; a code is text and keeps its digits only in quotes.
        if (typeof error.data === 'number' && String(wanted).split(',').includes('string')) {
          const key = local.length ? String(local[local.length - 1]) : 'value';
          const exact = Number.isSafeInteger(error.data) || !Number.isInteger(error.data);
          message += exact
            ? `; put it in quotes so YAML keeps it as text: ${key}: "${error.data}"`
            : `; put it in quotes exactly as written so YAML keeps it as text (unquoted, its digits are already rounded)`;
          if (exact) suggestion = `"${error.data}"`;
        }
        break;
      }
      case 'enum': {
        const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
        message = `expected one of: ${allowed.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}; got ${describe(error.data)}`;
        if (typeof error.data === 'string') suggestion = suggest(error.data, allowed.map(String));
        break;
      }
      case 'pattern':
        message = `${describe(error.data)} is not in the expected form${expected ? `: ${expected}` : ` (${String((error.params as { pattern: string }).pattern)})`}`;
        break;
      case 'format':
        message =
          (error.params as { format: string }).format === URL_FORMAT
            ? `${describe(error.data)} is not an allowed address: an http(s) address or a path of this site (no javascript:, data:, //host, spaces or control characters)`
            : `${describe(error.data)} is not a valid ${String((error.params as { format: string }).format)}`;
        break;
      case 'propertyNames': {
        const name = String((error.params as { propertyName: string }).propertyName);
        path = [...segments, name];
        atKey = true;
        message = `"${name}" is not an allowed name here${expected ? ` (${expected})` : ''}`;
        break;
      }
      case 'anyOf':
      case 'oneOf':
        message = `expected ${expected ?? 'one of the allowed forms'}; got ${describe(error.data)}`;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum': {
        const { comparison, limit } = error.params as { comparison: string; limit: number };
        message = `expected a number ${comparison} ${limit}, got ${JSON.stringify(error.data)}`;
        break;
      }
      case 'minItems':
      case 'maxItems': {
        const { limit } = error.params as { limit: number };
        const count = Array.isArray(error.data) ? error.data.length : 0;
        message = `expected ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${limit} item${limit === 1 ? '' : 's'}, got ${count}`;
        break;
      }
      case 'minLength':
        message = `expected at least ${(error.params as { limit: number }).limit} character(s), got ${describe(error.data)}`;
        break;
      default:
        message = `${error.message ?? 'is not valid'}; got ${describe(error.data)}`;
    }
    const at = locate(origin, path, atKey);
    problems.push({ ...at, path: formatPath(path), message, ...(suggestion ? { suggestion } : {}) });
  }
  return problems;
}
