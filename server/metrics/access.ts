import crypto from 'node:crypto';
import net from 'node:net';
import { addressRange, plainAddress } from '../runtime/address-range.js';

/** A METRICS_ALLOW entry that is neither an address nor a CIDR range: the server refuses to start on it. */
export class MetricsAllowError extends Error {
  constructor(readonly entries: string[]) {
    super(`METRICS_ALLOW 中有无法识别的地址：${entries.join('、')}（应为 IP 地址或 CIDR 网段，如 127.0.0.1、10.0.0.0/8、::1，以逗号分隔）`);
  }
}

/** What a /metrics request offers: the visitor's address as Fastify sees it (TRUST_PROXY decides), and its headers. */
export interface MetricsCaller {
  ip: string;
  headers: { authorization?: string };
}

/** The allow list as a BlockList (node:net matches addresses and ranges of both families); throws on a bad entry. */
export function allowList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  const bad: string[] = [];
  for (const entry of entries) {
    const range = addressRange(entry);
    if (!range) bad.push(entry);
    else if (range.bits === undefined) list.addAddress(range.address, range.type);
    else list.addSubnet(range.address, range.bits, range.type);
  }
  if (bad.length) throw new MetricsAllowError(bad);
  return list;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: an address on the allow list, or anyone showing `Authorization: Bearer <METRICS_TOKEN>`
 * (compared in constant time). The address is the one Fastify gives (`request.ip`): with TRUST_PROXY unset a forged
 * X-Forwarded-For changes nothing.
 */
export function metricsAccess(options: { allow: readonly string[]; token?: string }): (caller: MetricsCaller) => boolean {
  const list = allowList(options.allow);
  const token = options.token ? digest(options.token) : undefined;
  return (caller) => {
    const ip = plainAddress(caller.ip ?? '');
    const family = net.isIP(ip);
    if (family && list.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return true;
    const offered = /^Bearer\s+(\S+)\s*$/i.exec(caller.headers.authorization ?? '')?.[1];
    return token !== undefined && offered !== undefined && crypto.timingSafeEqual(digest(offered), token);
  };
}
