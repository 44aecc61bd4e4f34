import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the persistence adapter needs to know of the request it serves, to route its reads to a
 * replica without ever showing an integration a world older than its own last write.
 *
 * The HTTP adapter opens one per request (only when replicas are configured: AsyncLocalStorage
 * costs every promise a little); the nonce claim names the integration and brings back, from the
 * primary in the same statement, the WAL position its last write reached.
 */
export interface CallerWrites {
  /** A GET: its reads may go to a replica. Anything else reads and writes the primary. */
  readonly readOnly: boolean;
  /** The signed caller, once its nonce is claimed; null for the back office and background work. */
  integrationId: string | null;
  /** The primary's WAL position after the integration's last committed write; null: none known. */
  lastWrite: bigint | null;
  /**
   * The nonce claim under way: a read's handler runs beside it (the external gate holds only the
   * answer), so a read waits for it before it picks where to go.
   */
  claiming: Promise<unknown> | null;
}

const storage = new AsyncLocalStorage<CallerWrites>();

/** Runs the rest of a request with its caller's context. */
export function withCallerWrites<T>(readOnly: boolean, rest: () => T): T {
  return storage.run({ readOnly, integrationId: null, lastWrite: null, claiming: null }, rest);
}

/** The context of the request being served, if any. */
export function currentCallerWrites(): CallerWrites | undefined {
  return storage.getStore();
}

/** `16/B374D848` → a number that orders like the position (pg_lsn's text is two hex halves). */
export function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  if (hi === undefined || lo === undefined) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}
