import type { Logger } from 'pino';
import type { ClaimedDelivery, WebhookSender } from '../../application/ports/webhook-ports.js';
import type {
  DeliveryResult,
  RecordDeliveryOutcomes,
  RecordedOutcomes,
} from '../../application/webhooks/record-delivery-outcomes.js';
import type { AttemptOutcome } from '../../domain/webhooks/delivery.js';
import { sleep } from './dispatcher-options.js';

const MAX_FLUSHERS = 2;
const RECORD_BATCH = 500;

export interface SendSlotsOptions {
  /** Requests this process keeps in flight at most. */
  maxInFlight: number;
  /** The longest a request can take. */
  timeoutMs: number;
}

/**
 * This process's send slots: the claimed deliveries being sent (at most `maxInFlight`), and
 * their outcomes, recorded in batches of up to 500 with at most two transactions at once.
 * `onRecorded` hears of each recorded batch, `onProgress` of each change (a slot freed, a batch
 * recorded).
 */
export class SendSlots {
  private readonly sends = new Set<Promise<void>>();
  private readonly flushers = new Set<Promise<void>>();
  private outcomes: DeliveryResult[] = [];

  constructor(
    private readonly sender: WebhookSender,
    private readonly record: RecordDeliveryOutcomes,
    private readonly logger: Logger,
    private readonly options: SendSlotsOptions,
    private readonly hooks: {
      onRecorded: (recorded: RecordedOutcomes) => void;
      onProgress: () => void;
      isStopping: () => boolean;
    },
  ) {}

  /** How many more deliveries may be sent now. */
  get room(): number {
    return this.options.maxInFlight - this.sends.size;
  }

  /** Sends under way or outcomes not yet recorded. */
  get busy(): boolean {
    return this.sends.size > 0 || this.outcomes.length > 0 || this.flushers.size > 0;
  }

  /** Sends one claimed delivery; its outcome joins the next batch to record. */
  launch(claimed: ClaimedDelivery): void {
    const { delivery, target } = claimed;
    const send: Promise<void> = (async () => {
      let outcome: AttemptOutcome;
      if (!target.url || !target.secret || !target.active) {
        outcome = {
          ok: false,
          statusCode: null,
          error: 'The integration is inactive or has no webhook URL',
          startedAt: new Date(),
          durationMs: 0,
        };
      } else {
        outcome = await this.sender.send(
          { url: target.url, secret: target.secret, previousSecret: target.previousSecret },
          { deliveryId: delivery.id, eventName: delivery.eventName, payload: delivery.payload },
        );
      }
      this.outcomes.push({ delivery, outcome });
    })()
      .catch((err: unknown) => this.logger.error({ err }, 'webhook send failed unexpectedly'))
      .finally(() => {
        this.sends.delete(send);
        this.flush();
      });
    this.sends.add(send);
  }

  /** Waits for the requests under way and records every outcome. */
  async settle(): Promise<void> {
    const deadline = Date.now() + this.options.timeoutMs + 5_000;
    while (this.busy && Date.now() < deadline) {
      if (this.sends.size > 0) await Promise.race([Promise.allSettled([...this.sends]), sleep(100)]);
      else if (this.flushers.size > 0) await Promise.allSettled([...this.flushers]);
      else this.flush();
    }
  }

  /** Records the queued outcomes in batches, with up to MAX_FLUSHERS transactions at once. */
  private flush(): void {
    while (this.flushers.size < MAX_FLUSHERS && this.outcomes.length > 0) {
      const flusher: Promise<void> = this.flushLoop().finally(() => {
        this.flushers.delete(flusher);
        if (this.outcomes.length > 0 && !this.hooks.isStopping()) this.flush();
        this.hooks.onProgress();
      });
      this.flushers.add(flusher);
    }
  }

  private async flushLoop(): Promise<void> {
    let failures = 0;
    while (this.outcomes.length > 0) {
      const batch = this.outcomes.splice(0, RECORD_BATCH);
      try {
        this.hooks.onRecorded(await this.record.execute(batch));
        failures = 0;
        this.hooks.onProgress();
      } catch (err) {
        failures += 1;
        this.logger.warn({ err, count: batch.length }, 'recording webhook outcomes failed; retrying');
        this.outcomes.unshift(...batch);
        // Giving up is safe: the leases expire and the deliveries are sent again.
        if (this.hooks.isStopping() && failures >= 3) {
          this.outcomes = [];
          return;
        }
        await sleep(Math.min(5_000, 200 * 2 ** failures));
      }
    }
  }
}
