/**
 * Errors that say the database cannot be reached right now (restarting, failing over, the
 * network between): not the request's fault and not a bug, so they answer 503 with
 * `Retry-After` rather than 500, and a retry after the database is back succeeds.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping (fast or immediate shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** Socket-level failures of the driver's connection. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * node-postgres reports a connection that ended under a query by these messages alone (no code);
 * knex puts the query's SQL before them.
 */
const UNAVAILABLE_MESSAGE =
  /(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, name, message } = err as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exceptions.
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  // knex could not get a pooled connection in time (every attempt to open one failed).
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  // An AggregateError of every address the driver tried (IPv4 and IPv6 of localhost).
  const { errors } = err as { errors?: unknown };
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}
