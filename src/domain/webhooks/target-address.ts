import ipaddr from 'ipaddr.js';

/**
 * Which network addresses may receive webhooks when private targets are not allowed
 * (CONTRACT §4): public unicast only. Everything else is refused — loopback, private
 * (RFC 1918), carrier-grade NAT (100.64/10), link-local (169.254/16, including the cloud
 * metadata address 169.254.169.254, and fe80::/10), unique-local (fc00::/7), multicast,
 * broadcast, unspecified, reserved and documentation ranges, and the IPv6 transition forms
 * (6to4, Teredo, NAT64) that can embed any IPv4 address. An IPv4-mapped IPv6 address is judged
 * as its IPv4 address.
 */
export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js's name of the range, e.g. `loopback`, `private`, `unicast`. */
  range: string;
  /** The canonical address. */
  address: string;
}

const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  carrierGradeNat: 'a carrier-grade NAT address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  unspecified: 'an unspecified address',
};

/** The verdict on an IP address, or null when `text` is not an IP address. */
export function judgeAddress(text: string): AddressVerdict | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  let addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  const range = addr.range();
  return { allowed: range === 'unicast', range, address: addr.toString() };
}

/** `127.0.0.1 is a loopback address`, for attempt errors and validation messages. */
export function describeRefusal(verdict: AddressVerdict): string {
  const what = RANGE_WORDS[verdict.range] ?? `in the ${verdict.range} range`;
  return `${verdict.address} is ${what}`;
}

/** The metadata endpoint of the major clouds: link-local, refused with the rest of its range. */
export const CLOUD_METADATA_ADDRESS = '169.254.169.254';
