import crypto from 'node:crypto';
import net from 'node:net';

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

/** `::ffff:10.0.0.1` (an IPv4 visitor on a dual-stack socket) is 10.0.0.1. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** The allow list as a BlockList (node:net matches addresses and ranges of both families); throws on a bad entry. */
export function allowList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  const bad: string[] = [];
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(plainAddress(address));
    const bits = prefix === undefined ? undefined : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (!family || extra !== undefined || (bits !== undefined && !(bits <= (family === 4 ? 32 : 128)))) {
      bad.push(entry);
      continue;
    }
    if (bits === undefined) list.addAddress(plainAddress(address), type);
    else list.addSubnet(plainAddress(address), bits, type);
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
