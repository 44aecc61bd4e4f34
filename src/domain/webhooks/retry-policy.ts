/** At most this many deliveries of one tenant are in flight at once, across every worker (spec 8). */
export const MAX_IN_FLIGHT_PER_TENANT = 5;

/**
 * The retry schedule (spec 6.4): `schedule[n - 1]` is the delay after the n-th
 * failed attempt. With five delays a delivery is tried six times — the first attempt and five
 * retries — and the failure of the fifth retry dead-letters it.
 */
export function retryDelayAfter(failedAttempts: number, schedule: readonly number[]): number | null {
  if (failedAttempts < 1) throw new RangeError('failedAttempts counts from 1');
  return failedAttempts <= schedule.length ? schedule[failedAttempts - 1]! : null;
}
