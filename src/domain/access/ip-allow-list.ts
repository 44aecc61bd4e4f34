import ipaddr from 'ipaddr.js';
import { ValidationError } from '../shared/errors.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is its IPv4 address. */
function normalise(addr: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()
    ? (addr as ipaddr.IPv6).toIPv4Address()
    : addr;
}

/** The canonical text of a client address, as shown in `Access denied from IP address: <ip>`. */
export function canonicalIp(text: string): string {
  return ipaddr.isValid(text) ? normalise(ipaddr.parse(text)).toString() : text;
}

/**
 * An integration's `allowedIps`: comma-separated IPv4/IPv6 addresses and CIDR blocks.
 * Empty means no restriction. Only strict four-part IPv4 spellings are accepted in the list.
 */
export class IpAllowList {
  private constructor(
    readonly entries: readonly string[],
    private readonly ranges: readonly Range[],
  ) {}

  static readonly ANY = new IpAllowList([], []);

  /** What `parse` asks of the list, in one sentence. */
  static readonly rule =
    'allowedIps must be at most 100 IPv4 or IPv6 addresses or CIDR blocks separated by commas (IPv4 in four-part decimal)';

  static parse(input: string | null | undefined): IpAllowList {
    if (input === undefined || input === null || input === '') return IpAllowList.ANY;
    const entries = input
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (entries.length > 100) throw new ValidationError('allowedIps must list at most 100 entries', 'allowedIps');
    const ranges: Range[] = [];
    const canonical: string[] = [];
    for (const entry of entries) {
      let range: Range;
      try {
        if (entry.includes('/')) {
          const [addr, bits] = ipaddr.parseCIDR(entry);
          if (addr.kind() === 'ipv4' && !ipaddr.IPv4.isValidCIDRFourPartDecimal(entry))
            throw new Error('ipv4 spelling');
          range = [addr, bits];
        } else {
          if (ipaddr.IPv4.isValid(entry) && !ipaddr.IPv4.isValidFourPartDecimal(entry))
            throw new Error('ipv4 spelling');
          const addr = ipaddr.parse(entry);
          range = [addr, addr.kind() === 'ipv4' ? 32 : 128];
        }
      } catch {
        throw new ValidationError(`allowedIps: "${entry}" is not an IP address or CIDR block`, 'allowedIps');
      }
      const addr = normalise(range[0]);
      const bits = addr !== range[0] ? Math.max(0, range[1] - 96) : range[1];
      ranges.push([addr, bits]);
      canonical.push(entry.includes('/') ? `${addr.toString()}/${bits}` : addr.toString());
    }
    return new IpAllowList(canonical, ranges);
  }

  get restricted(): boolean {
    return this.ranges.length > 0;
  }

  /** Does the list admit this client address? An unparseable address is never admitted. */
  allows(ip: string): boolean {
    if (!this.restricted) return true;
    if (!ipaddr.isValid(ip)) return false;
    const addr = normalise(ipaddr.parse(ip));
    return this.ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
  }

  toString(): string {
    return this.entries.join(',');
  }
}
