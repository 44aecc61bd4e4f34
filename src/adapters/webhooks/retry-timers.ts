import type { RecordedOutcomes } from '../../application/webhooks/record-delivery-outcomes.js';
import { RETRYING_STATUS } from '../../domain/webhooks/delivery.machine.js';

const TIMER_BUCKET_MS = 100;

/**
 * A scheduler timer at each retry's due time (coalesced per 100 ms), so a retry due later runs
 * on time even if every dispatch run has ended, and survives restarts. `schedule` creates the
 * timer (an Agenda job at `at`, unique per `key`).
 */
export class RetryTimers {
  private readonly scheduled = new Set<number>();

  constructor(private readonly schedule: (at: Date, key: string) => void) {}

  afterRecord(recorded: RecordedOutcomes): void {
    const now = Date.now();
    for (const d of recorded.saved) {
      const at = d.nextAttemptAt?.getTime();
      if (d.status !== RETRYING_STATUS || at === undefined) continue;
      const bucket = Math.ceil(at / TIMER_BUCKET_MS) * TIMER_BUCKET_MS;
      if (this.scheduled.has(bucket)) continue;
      this.scheduled.add(bucket);
      this.schedule(new Date(bucket), new Date(bucket).toISOString());
    }
    for (const bucket of this.scheduled) if (bucket < now) this.scheduled.delete(bucket);
  }
}
