import net from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 visitor on a dual-stack socket) is 10.0.0.1. */
export function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** An address or CIDR range as a setting names one: its address, family and prefix bits (none for an address). */
export interface AddressRange {
  address: string;
  type: 'ipv4' | 'ipv6';
  bits?: number;
}

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8` read; undefined for anything else (a name, a bad prefix). */
export function addressRange(entry: string): AddressRange | undefined {
  const [address, prefix, extra] = entry.split('/');
  const plain = plainAddress(address);
  const family = net.isIP(plain);
  const bits = prefix === undefined ? undefined : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!family || extra !== undefined || (bits !== undefined && !(bits <= (family === 4 ? 32 : 128)))) return undefined;
  return { address: plain, type: family === 4 ? 'ipv4' : 'ipv6', bits };
}
