import type { Logger } from 'pino';
import type { ClaimedDelivery } from '../../application/ports/webhook-ports.js';
import type { ClaimRequest } from '../../application/webhooks/claim-due-deliveries.js';
import type { DispatcherOptions, DispatcherUseCases } from './dispatcher-options.js';
import type { SendSlots } from './send-slots.js';
import { WakeSignal } from './wake-signal.js';

const TOUCH_EVERY_MS = 5_000;
const MAX_CONSECUTIVE_ERRORS = 5;

/**
 * One dispatch run: fan out the outbox, take back expired leases, claim due deliveries into
 * this process's free send slots — each in one of its tenant's 5 slots, enforced by the
 * database across every process — and repeat while there is work, `lingerMs` after it, until
 * stopped. A crash at any moment loses nothing: an unsent outbox row stays undispatched, a
 * claimed delivery's lease expires and it is sent again.
 */
export class DispatchLoop {
  private readonly wake = new WakeSignal();
  /** The outbox may hold undispatched events (a notification said so, or the last fan-out was full). */
  private outboxDirty = true;
  private stopped = false;

  constructor(
    private readonly uc: DispatcherUseCases,
    private readonly slots: SendSlots,
    private readonly logger: Logger,
    private readonly options: Pick<DispatcherOptions, 'timing' | 'claimBatch' | 'fanOutBatch'>,
    private readonly worker: string,
    /** True while database notifications say when events are written; false: poll the outbox. */
    private readonly listening: () => boolean,
  ) {}

  get stopping(): boolean {
    return this.stopped;
  }

  /** Something may be due: the running loop looks now (`outbox`: an event was written). */
  nudge(kind: 'outbox' | 'due'): void {
    if (kind === 'outbox') this.outboxDirty = true;
    this.wake.signal();
  }

  /** No more claims; a run under way ends after its sends are recorded. */
  stop(): void {
    this.stopped = true;
    this.wake.signal();
  }

  /** Runs until idle (or stopped); `touch` keeps the scheduler's lock on the job. */
  async run(touch: () => Promise<unknown>): Promise<void> {
    // Idle and nothing to do: one cheap query, done.
    if (!(await this.uc.probe.execute().catch(() => true))) return;
    const { timing } = this.options;
    let lastWork = Date.now();
    let lastSweep = 0;
    let lastFanOut = 0;
    let lastTouch = Date.now();
    let errors = 0;
    while (!this.stopped) {
      try {
        if (Date.now() - lastTouch >= TOUCH_EVERY_MS) {
          await touch();
          lastTouch = Date.now();
        }
        let progressed = false;
        if (Date.now() - lastSweep >= timing.sweepEveryMs) {
          lastSweep = Date.now();
          progressed = await this.sweep();
        }
        // The fan-out runs when there may be events: always when polling (every probe), on a
        // notification when listening — and at least every sweep in case one was missed.
        const fanOutDue =
          this.outboxDirty || Date.now() - lastFanOut >= (this.listening() ? timing.sweepEveryMs : timing.probeEveryMs);
        const claim = { owner: this.worker, limit: Math.min(this.slots.room, this.options.claimBatch) };
        // A fan-out claims in its own transaction (a fresh event goes out after one commit).
        const { events, claimed } = fanOutDue
          ? await this.fanOut(claim)
          : { events: 0, claimed: await this.uc.claim.execute(claim.owner, claim.limit) };
        if (fanOutDue) lastFanOut = Date.now();
        for (const c of claimed) this.slots.launch(c);
        if (events > 0 || claimed.length > 0) progressed = true;
        errors = 0;
        if (progressed) {
          lastWork = Date.now();
          continue;
        }
        if (!this.slots.busy && Date.now() - lastWork >= timing.lingerMs) break;
        await this.wake.wait(timing.probeEveryMs);
      } catch (err) {
        errors += 1;
        this.logger.warn({ err, worker: this.worker }, 'webhook dispatch step failed');
        if (errors >= MAX_CONSECUTIVE_ERRORS) break;
        await this.wake.wait(1_000);
      }
    }
    await this.slots.settle();
  }

  /** Sends and recordings changed: a waiting loop looks again. */
  progressed(): void {
    this.wake.signal();
  }

  /** Takes back the expired leases of stopped workers; true when it did. */
  private async sweep(): Promise<boolean> {
    const swept = await this.uc.reclaim.execute();
    if (swept.released === 0) return false;
    this.logger.warn({ released: swept.released }, 'webhook deliveries of a stopped worker taken back');
    return true;
  }

  /**
   * One fan-out batch and a claim in its transaction; a full batch means there may be more. If
   * it fails (an event the fan-out cannot write, say), due deliveries are still claimed alone.
   */
  private async fanOut(claim: ClaimRequest): Promise<{ events: number; claimed: ClaimedDelivery[] }> {
    this.outboxDirty = false;
    try {
      const { events, claimed } = await this.uc.fanOut.execute(this.options.fanOutBatch, claim);
      if (events >= this.options.fanOutBatch) this.outboxDirty = true;
      return { events, claimed };
    } catch (err) {
      const claimed = await this.uc.claim.execute(claim.owner, claim.limit).catch(() => []);
      for (const c of claimed) this.slots.launch(c);
      throw err;
    }
  }
}
