import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { describeRefusal, judgeAddress } from '../../domain/webhooks/target-address.js';

/** Says why an address may not be connected to, or null when it may. */
export type AddressFilter = (address: string) => string | null;

/** A connection refused because of where it would go (never retried sooner than any failure). */
export class TargetRefused extends Error {
  readonly code = 'WEBHOOK_TARGET_REFUSED';
  constructor(reason: string) {
    super(`Refused target: ${reason}`);
    this.name = 'TargetRefused';
  }
}

/** Public unicast addresses only (domain/webhooks/target-address.ts). */
export const publicAddressesOnly: AddressFilter = (address) => {
  const verdict = judgeAddress(address);
  if (!verdict) return `${address} is not an IP address`;
  return verdict.allowed ? null : describeRefusal(verdict);
};

const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/**
 * A DNS lookup for sockets that keeps only allowed addresses: the check happens on the address
 * the socket is about to connect to, so a name that re-resolves to a private address after the
 * URL was accepted (DNS rebinding) is refused at connect time.
 */
export function filteringLookup(filter: AddressFilter): LookupFunction {
  return ((hostname: string, options: LookupAllOptions | { all?: boolean }, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const allowed = addresses.filter((a) => filter(a.address) === null);
      const first = allowed[0];
      if (!first) {
        const reason = addresses[0] ? filter(addresses[0].address) : 'no address';
        return callback(new TargetRefused(`${hostname} resolves to ${reason}`));
      }
      if (options.all) return callback(null, allowed);
      return callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}

/**
 * An undici connector that refuses disallowed targets before connecting: an IP literal is
 * judged as written (after URL normalisation, so `2130706433` and `0177.0.0.1` are 127.0.0.1),
 * a name through `filteringLookup`; and the connected peer's address is checked again.
 */
export function guardedConnector(filter: AddressFilter, connectTimeoutMs: number): buildConnector.connector {
  const base = buildConnector({ timeout: connectTimeoutMs, lookup: filteringLookup(filter) });
  return (options, callback) => {
    const host = unbracket(options.hostname);
    if (isIP(host)) {
      const reason = filter(host);
      if (reason) return callback(new TargetRefused(reason), null);
    }
    base(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('connect failed'), null);
      const peer = socket.remoteAddress;
      const reason = peer ? filter(peer) : 'unknown peer address';
      if (reason) {
        socket.destroy();
        return callback(new TargetRefused(reason), null);
      }
      return callback(null, socket);
    });
  };
}
