import type { Integration } from '../../domain/access/integration.js';
import { IntegrationNotFound } from '../../domain/access/errors.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork, WriteScope } from '../ports/unit-of-work.js';

export interface ResumeResult {
  integration: Integration;
  /** HELD deliveries due again. */
  requeued: number;
  /** DEAD deliveries replayed (with `replayDeadLetters`). */
  replayed: number;
}

/**
 * Back-office resume of a webhook endpoint (paused after a dead letter): the HELD deliveries
 * are due again in their order, and with `replayDeadLetters` the dead letters too (with a fresh
 * retry schedule). Resuming an endpoint that is not paused re-queues whatever is held.
 * Errors: IntegrationNotFound.
 */
export class ResumeWebhook {
  constructor(
    private readonly uow: UnitOfWork<'integrations' | 'webhookDeliveries'>,
    private readonly clock: Clock,
  ) {}

  execute(
    integrationId: string,
    options: { replayDeadLetters?: boolean } = {},
    scope?: WriteScope,
  ): Promise<ResumeResult> {
    return this.uow.run(async (r) => {
      const integration = await r.integrations.findByIdAcrossTenants(integrationId, { forUpdate: true });
      if (!integration) throw new IntegrationNotFound();
      const now = this.clock.now();
      if (integration.webhookPausedAt) {
        integration.resumeWebhook(now);
        await r.integrations.save(integration);
      }
      const requeued = await r.webhookDeliveries.requeueHeld(integrationId, now);
      const replayed = options.replayDeadLetters ? await r.webhookDeliveries.replayDeadLetters(integrationId, now) : 0;
      return { integration, requeued, replayed };
    }, scope);
  }
}
