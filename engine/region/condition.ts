/**
 * Declarative conditions (`when:` on pages and blocks). Never evaluated as code: a condition is a path that must be
 * truthy, or a small combination. Pure and dependency-free so the browser bundle can import it.
 */

import type { Condition, Flags } from '../../schemas/types/region.js';

export type { Condition } from '../../schemas/types/region.js';

/** What conditions read. `region` is the resolved region config; `flags` is usually `region.flags ?? {}`. */
export interface ConditionContext {
  flags: Flags;
  region: Record<string, unknown>;
  query: Record<string, string | undefined>;
  /**
   * `role` once the session check or login has answered: user, staff or admin. `mustChangePassword` while the account
   * still has its one-time password (npm run admin:create). `can` the console pages the account may use, each `true`
   * (`session.can.articles`): its staff role's, every page without a role.
   */
  session: { loggedIn: boolean; hasNewMessage?: boolean; role?: string; mustChangePassword?: boolean; can?: Record<string, boolean> };
}

/** The roots a condition path may start with. */
export const CONDITION_ROOTS = ['flags', 'region', 'query', 'session'] as const;

/** The session fields a condition may read. */
export const SESSION_FIELDS = ['loggedIn', 'hasNewMessage', 'role', 'mustChangePassword', 'can'] as const;

/** Reads `flags.homeShowLogin`-style paths; an unknown root or a missing step gives undefined. */
export function readPath(path: string, context: ConditionContext): unknown {
  const [root, ...rest] = path.split('.');
  let current: unknown = (CONDITION_ROOTS as readonly string[]).includes(root) ? context[root as keyof ConditionContext] : undefined;
  for (const part of rest) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Truthy as an author means it: empty lists, empty strings, 0, false, null and absent are false. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/** Loose equality that lets a route query ('3') match a number (3) written in YAML. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' && typeof b === 'string') || (typeof a === 'string' && typeof b === 'number')) {
    return String(a) === String(b);
  }
  return false;
}

/**
 * Whether a condition holds.
 *
 * @example
 * evaluateCondition('flags.homeShowLogin', ctx)
 * evaluateCondition({ all: ['flags.goJRFWInfo', { not: 'session.loggedIn' }] }, ctx)
 * evaluateCondition({ path: 'query.type', in: [3, 4] }, ctx)
 */
export function evaluateCondition(condition: Condition, context: ConditionContext): boolean {
  if (typeof condition === 'string') return truthy(readPath(condition, context));
  if ('not' in condition) return !evaluateCondition(condition.not, context);
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, context));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, context));
  const value = readPath(condition.path, context);
  if ('equals' in condition && !sameValue(value, condition.equals)) return false;
  if (condition.in !== undefined && !condition.in.some((v) => sameValue(value, v))) return false;
  if (!('equals' in condition) && !('in' in condition)) return truthy(value);
  return true;
}

/**
 * Every path a condition reads, with where it sits inside the condition (for validation messages).
 *
 * @example
 * conditionPaths({ any: ['flags.a', { path: 'query.b', equals: 1 }] })
 * // → [{ path: 'flags.a', at: ['any', 0] }, { path: 'query.b', at: ['any', 1, 'path'] }]
 */
export function conditionPaths(condition: unknown, at: Array<string | number> = []): Array<{ path: string; at: Array<string | number> }> {
  if (typeof condition === 'string') return [{ path: condition, at }];
  if (!condition || typeof condition !== 'object') return [];
  const c = condition as Record<string, unknown>;
  if ('not' in c) return conditionPaths(c.not, [...at, 'not']);
  for (const key of ['all', 'any'] as const) {
    if (key in c) return Array.isArray(c[key]) ? (c[key] as unknown[]).flatMap((inner, i) => conditionPaths(inner, [...at, key, i])) : [];
  }
  return typeof c.path === 'string' ? [{ path: c.path, at: [...at, 'path'] }] : [];
}
