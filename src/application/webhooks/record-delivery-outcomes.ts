import type { Integration } from '../../domain/access/integration.js';
import { WebhookDelivery, type AttemptOutcome } from '../../domain/webhooks/delivery.js';
import { retryDelayAfter } from '../../domain/webhooks/retry-policy.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookAlerts, WebhookSettings } from '../ports/webhook-ports.js';

type OutcomeRepositories = 'integrations' | 'webhookDeliveries';

export interface DeliveryResult {
  /** The delivery as claimed (IN_FLIGHT, with its lease). */
  delivery: WebhookDelivery;
  outcome: AttemptOutcome;
}

export interface RecordedOutcomes {
  /** The deliveries saved (a claim whose lease was taken back in the meantime is not). */
  saved: WebhookDelivery[];
  deadLettered: WebhookDelivery[];
  /** Integrations whose endpoint this call paused. */
  paused: string[];
}

/**
 * Records what the attempts came to, in one transaction (one statement when all succeeded):
 * DELIVERED, RETRYING after the schedule's delay, HELD when the endpoint is paused, or DEAD after
 * the last retry — then the endpoint is paused (its queued deliveries HELD) and an alert is
 * raised. An outcome counts only for the claim it belongs to: if the lease was taken back
 * meanwhile, it is dropped (the delivery is sent again: at least once).
 */
export class RecordDeliveryOutcomes {
  constructor(
    private readonly uow: UnitOfWork<OutcomeRepositories>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
    private readonly alerts: WebhookAlerts,
  ) {}

  async execute(results: readonly DeliveryResult[]): Promise<RecordedOutcomes> {
    if (results.length === 0) return { saved: [], deadLettered: [], paused: [] };
    const now = this.clock.now();
    // Ids are drawn once, so a retried transaction records the same attempts.
    const attemptIds = results.map(() => this.ids.next());
    // Every attempt succeeded: the one write is `saveReleased`, a single statement that needs no
    // transaction. A failure may pause an endpoint or look up paused ones: a transaction.
    const work = (r: Pick<Repositories, OutcomeRepositories>) => this.record(r, results, attemptIds, now);
    const recorded = results.every((x) => x.outcome.ok) ? await this.uow.runStatement(work) : await this.uow.run(work);
    for (const d of recorded.deadLettered) {
      const s = d.state();
      this.alerts.deadLettered({
        tenantId: s.tenantId,
        integrationId: s.integrationId,
        deliveryId: s.id,
        event: s.eventName,
        attempts: s.attempts,
        lastStatusCode: s.lastStatusCode,
        lastError: s.lastError,
      });
    }
    return recorded;
  }

  private async record(
    r: Pick<Repositories, OutcomeRepositories>,
    results: readonly DeliveryResult[],
    attemptIds: string[],
    now: Date,
  ): Promise<RecordedOutcomes> {
    const schedule = this.settings.retrySchedule;
    const items = results.map((x, k) => ({
      delivery: this.fresh(x.delivery),
      leaseToken: x.delivery.lease?.token ?? '',
      outcome: x.outcome,
      attemptId: attemptIds[k]!,
    }));
    const dying = items.filter(
      (x) => !x.outcome.ok && retryDelayAfter(x.delivery.attempts + 1, x.delivery.isPing ? [] : schedule) === null,
    );
    const living = items.filter((x) => !dying.includes(x));

    // 1. Dead letters first: lock their endpoints (to pause them), record, pause.
    const pausing = new Map<string, Integration>();
    for (const id of [
      ...new Set(dying.filter((x) => !x.delivery.isPing).map((x) => x.delivery.integrationId)),
    ].sort()) {
      const integration = await r.integrations.findByIdAcrossTenants(id, { forUpdate: true });
      if (integration) pausing.set(id, integration);
    }
    for (const x of dying) x.delivery.recordAttempt(x.attemptId, x.outcome, { schedule, endpointPaused: false }, now);
    const savedDead = dying.length > 0 ? await r.webhookDeliveries.saveReleased(dying) : new Set<string>();
    const deadLettered = dying.map((x) => x.delivery).filter((d) => savedDead.has(d.id));
    const paused = new Set<string>();
    const newlyPaused: string[] = [];
    for (const d of deadLettered) {
      const integration = pausing.get(d.integrationId);
      if (!integration || d.isPing || paused.has(integration.id)) continue;
      if (!integration.webhookPausedAt) {
        integration.pauseWebhook(now);
        await r.integrations.save(integration);
        await r.webhookDeliveries.holdQueued(integration.id, now);
        newlyPaused.push(integration.id);
      }
      paused.add(integration.id);
    }

    // 2. The rest: a failure of a paused endpoint is held, not retried.
    const failing = [...new Set(living.filter((x) => !x.outcome.ok).map((x) => x.delivery.integrationId))];
    const pausedEndpoints = await r.webhookDeliveries.findPausedEndpoints(
      failing.filter((id) => !paused.has(id)).sort(),
    );
    for (const id of paused) pausedEndpoints.add(id);
    for (const [id, integration] of pausing) if (integration.webhookPausedAt) pausedEndpoints.add(id);
    for (const x of living) {
      x.delivery.recordAttempt(
        x.attemptId,
        x.outcome,
        { schedule, endpointPaused: pausedEndpoints.has(x.delivery.integrationId) },
        now,
      );
    }
    const savedLiving = living.length > 0 ? await r.webhookDeliveries.saveReleased(living) : new Set<string>();
    return {
      saved: [...deadLettered, ...living.map((x) => x.delivery).filter((d) => savedLiving.has(d.id))],
      deadLettered: deadLettered.filter((d) => !d.isPing),
      paused: newlyPaused,
    };
  }

  /** A copy: the caller's object stays as claimed, so a retried transaction starts from the same state. */
  private fresh(d: WebhookDelivery): WebhookDelivery {
    return WebhookDelivery.restore(d.state());
  }
}
