import ipaddr from 'ipaddr.js';

/**
 * Which network addresses may receive webhooks when private targets are not allowed:
 * public unicast only. Everything else is refused — loopback, private
 * (RFC 1918), carrier-grade NAT (100.64/10), link-local (169.254/16, including the cloud
 * metadata address 169.254.169.254, and fe80::/10), unique-local (fc00::/7), multicast,
 * broadcast, unspecified, reserved and documentation ranges.
 *
 * An IPv6 address that embeds an IPv4 address is judged by the IPv4 address it carries, so
 * that no spelling of 127.0.0.1 or 10.0.0.1 gets through: IPv4-mapped `::ffff:0:0/96`,
 * IPv4-translated `::ffff:0:0:0/96`, IPv4-compatible `::/96` (`[::127.0.0.1]`, which URL
 * parsing turns into `::7f00:1`; `::` and `::1` keep their own meaning), NAT64 `64:ff9b::/96`,
 * 6to4 `2002::/16` and Teredo `2001::/32` (its client address, stored inverted, and its server
 * address: both must be public). Other NAT64 prefixes (`64:ff9b:1::/48`, local use) stay refused.
 *
 * Cloud platforms' own endpoints are refused too, wherever they sit (PLATFORM_ENDPOINTS): the
 * ones on public addresses (Azure's 168.63.129.16) would otherwise pass as public unicast.
 */
export interface AddressVerdict {
  allowed: boolean;
  /** ipaddr.js's name of the range, e.g. `loopback`, `private`, `unicast`. */
  range: string;
  /** The canonical address judged (the embedded IPv4 address for the forms above). */
  address: string;
  /** The IPv6 address as written, when `address` was found inside it (not for IPv4-mapped). */
  embeddedIn?: string;
}

/**
 * Metadata, DNS and agent endpoints of cloud platforms, by the ranges ipaddr.js matches. Most
 * already sit in a refused range (named here so the list is the whole answer); the public ones
 * are refused by this list alone.
 */
export const PLATFORM_ENDPOINTS: readonly { cidr: string; what: string }[] = [
  { cidr: '168.63.129.16/32', what: 'Azure WireServer: metadata, DNS and health probes (public address)' },
  { cidr: '169.254.169.254/32', what: 'instance metadata of AWS, GCP, Azure, OpenStack, DigitalOcean and others' },
  { cidr: '169.254.169.253/32', what: 'AWS VPC DNS resolver' },
  { cidr: '169.254.169.123/32', what: 'AWS time sync' },
  { cidr: '169.254.170.2/32', what: 'AWS ECS task metadata and credentials' },
  { cidr: '169.254.0.23/32', what: 'Tencent Cloud metadata' },
  { cidr: '100.100.100.200/32', what: 'Alibaba Cloud metadata (carrier-grade NAT range)' },
  { cidr: '192.0.0.192/32', what: 'Oracle Cloud metadata (IETF protocol assignments range)' },
  { cidr: 'fd00:ec2::254/128', what: 'AWS instance metadata over IPv6 (unique-local)' },
  { cidr: 'fd00:ec2::253/128', what: 'AWS VPC DNS resolver over IPv6 (unique-local)' },
  { cidr: 'fd20:ce::254/128', what: 'GCP instance metadata over IPv6 (unique-local)' },
];

const PLATFORM_RANGES = PLATFORM_ENDPOINTS.map((e) => ipaddr.parseCIDR(e.cidr));

/** ipaddr.js's range name, or `platformEndpoint` for a public address of PLATFORM_ENDPOINTS. */
function rangeOf(addr: ipaddr.IPv4 | ipaddr.IPv6): string {
  const range = addr.range();
  if (range !== 'unicast') return range;
  return PLATFORM_RANGES.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits))
    ? 'platformEndpoint'
    : range;
}

const RANGE_WORDS: Record<string, string> = {
  platformEndpoint: "a cloud platform's metadata or DNS endpoint",
  loopback: 'a loopback address',
  private: 'a private address',
  carrierGradeNat: 'a carrier-grade NAT address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  unspecified: 'an unspecified address',
};

type Bytes = number[];
const v4 = (bytes: Bytes) => new ipaddr.IPv4(bytes);

/** The IPv6 forms that carry IPv4 addresses, and where. `mapped` forms equal their IPv4 address. */
const EMBEDDINGS: { prefix: [ipaddr.IPv6, number]; mapped?: boolean; carried(b: Bytes): ipaddr.IPv4[] }[] = [
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), mapped: true, carried: (b) => [v4(b.slice(12))] },
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), carried: (b) => [v4(b.slice(12))] },
  { prefix: ipaddr.IPv6.parseCIDR('::/96'), carried: (b) => [v4(b.slice(12))] },
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), carried: (b) => [v4(b.slice(12))] },
  { prefix: ipaddr.IPv6.parseCIDR('2002::/16'), carried: (b) => [v4(b.slice(2, 6))] },
  {
    prefix: ipaddr.IPv6.parseCIDR('2001::/32'),
    // Teredo: the client's public address is stored bit-inverted in the last 32 bits.
    carried: (b) => [v4(b.slice(12).map((x) => x ^ 0xff)), v4(b.slice(4, 8))],
  },
];

function judgeIpv4(addr: ipaddr.IPv4): AddressVerdict {
  const range = rangeOf(addr);
  return { allowed: range === 'unicast', range, address: addr.toString() };
}

function judgeIpv6(addr: ipaddr.IPv6): AddressVerdict {
  const own = rangeOf(addr);
  // `::` and `::1` sit inside ::/96 but are IPv6's own unspecified and loopback addresses.
  if (own !== 'unspecified' && own !== 'loopback') {
    const bytes = addr.toByteArray();
    for (const form of EMBEDDINGS) {
      if (!addr.match(form.prefix)) continue;
      const verdicts = form.carried(bytes).map(judgeIpv4);
      const verdict = verdicts.find((v) => !v.allowed) ?? verdicts[0]!;
      return form.mapped ? verdict : { ...verdict, embeddedIn: addr.toString() };
    }
  }
  return { allowed: own === 'unicast', range: own, address: addr.toString() };
}

/** The verdict on an IP address, or null when `text` is not an IP address. */
export function judgeAddress(text: string): AddressVerdict | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  const addr = ipaddr.parse(bare);
  return addr.kind() === 'ipv6' ? judgeIpv6(addr as ipaddr.IPv6) : judgeIpv4(addr as ipaddr.IPv4);
}

/** `127.0.0.1 is a loopback address`, for attempt errors and validation messages. */
export function describeRefusal(verdict: AddressVerdict): string {
  const what = RANGE_WORDS[verdict.range] ?? `in the ${verdict.range} range`;
  const via = verdict.embeddedIn ? ` (embedded in ${verdict.embeddedIn})` : '';
  return `${verdict.address}${via} is ${what}`;
}

/** The metadata endpoint of the major clouds: link-local, refused with the rest of its range. */
export const CLOUD_METADATA_ADDRESS = '169.254.169.254';
