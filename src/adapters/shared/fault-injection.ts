/**
 * Fault-injection points, for crash tests only. A process started with
 * `FAULT_INJECTION=<point>` kills itself with SIGKILL (as `kill -9` would: no handler, no
 * cleanup) the first time it reaches that point. Unset, the default, every point is a no-op.
 *
 * - `before-keyed-answer`: a keyed request's write is done, its answer is built, and neither is
 *   committed yet (the Idempotency-Key middleware, just before it keeps the answer).
 */
export type FaultPoint = 'before-keyed-answer';

const armed = process.env.FAULT_INJECTION;

export function faultInjectionPoint(point: FaultPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
