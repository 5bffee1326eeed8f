import { addressRange } from './address-range.js';

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: false (no proxy: X-Forwarded-For is ignored), a number of hops (the
 * nearest N addresses are proxies: `1` behind one nginx), the proxies' addresses and CIDR ranges, or true (every
 * address in X-Forwarded-For believed: the loosest, right only when the proxy sets the header rather than appends).
 */
export type TrustProxy = boolean | number | string | string[];

/** The most hops a setting may name: more proxies than any deployment has in a row. */
const MAX_HOPS = 32;
/** proxy-addr's names for the reserved ranges (loopback 127.0.0.1/8 and ::1, linklocal, uniquelocal). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A TRUST_PROXY entry that is no address, range or range name: the server refuses to start on it. */
export class TrustProxyError extends Error {
  constructor(readonly entries: string[]) {
    super(
      `TRUST_PROXY 中有无法识别的值：${entries.join('、')}（应为代理的跳数 1–${MAX_HOPS}，或代理的 IP 地址、CIDR 网段（如 127.0.0.1、10.0.0.0/8，以逗号分隔），或 loopback、linklocal、uniquelocal）`,
    );
  }
}

/** The environment's TRUST_PROXY: unset, empty, `0` or `false` trust nothing; a whole number is hops; `true` all. */
export function trustProxyFrom(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * The setting checked for Fastify (a list's entries each an address, a range or a range name); throws naming what is
 * not. A hop count becomes proxy-addr's own form, trusting the nearest `hops` addresses (the socket's peer is hop 0):
 * Fastify's bare number trusts nothing, as the peer itself is not checked. So a count is for an instance only the
 * proxy can reach (listening on loopback or a private network); addresses are the stricter setting.
 */
export function checkedTrustProxy(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'boolean') return setting;
  if (typeof setting === 'number') {
    if (!Number.isInteger(setting) || setting < 0 || setting > MAX_HOPS) throw new TrustProxyError([String(setting)]);
    return setting === 0 ? false : (_address, hop) => hop < setting;
  }
  const entries = typeof setting === 'string' ? setting.split(/[\s,]+/).filter(Boolean) : setting;
  const bad = entries.filter((entry) => !RANGE_NAMES.has(entry) && !addressRange(entry));
  if (bad.length || !entries.length) throw new TrustProxyError(bad.length ? bad : ['（空）']);
  return entries;
}
