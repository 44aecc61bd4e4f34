import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { WebhookDeliveryRepository } from '../../../src/application/ports/webhook-ports.js';
import { toDeliveryState, type WebhookDeliveryRow } from '../../../src/adapters/persistence/webhook-delivery.mapper.js';
import { webhookQueueStats } from '../../../src/adapters/persistence/webhook-queue-stats.js';
import {
  DELIVERY_STATUSES,
  nextDeliveryStatus,
  type DeliveryStatus,
} from '../../../src/domain/webhooks/delivery.machine.js';
import {
  WebhookDelivery,
  type AttemptOutcome,
  type WebhookDeliveryState,
} from '../../../src/domain/webhooks/delivery.js';
import { DeliveryNotReplayable, InvalidDeliveryTransition } from '../../../src/domain/webhooks/errors.js';
import type { Integration } from '../../../src/domain/access/integration.js';
import { webhookWorld, type WebhookWorld } from '../../support/webhook-world.js';

const SCHEDULE = [1000, 2000];
const LEASE_MS = 30_000;

/**
 * One lifecycle step as the domain takes it (the aggregate, on one delivery) and as the
 * database takes it (a conditional UPDATE of the repository, deciding under concurrency).
 */
interface Step {
  name: string;
  /** How many failed attempts the delivery has made (decides RETRY vs DEAD_LETTER). */
  attempts?: number;
  domain(d: WebhookDelivery, now: Date): void;
  database(
    repo: WebhookDeliveryRepository,
    ctx: { row: WebhookDeliveryState; integration: Integration; now: Date; step: Step },
  ): Promise<unknown>;
}

const outcome = (ok: boolean, now: Date): AttemptOutcome =>
  ok
    ? { ok: true, statusCode: 200, startedAt: now, durationMs: 3 }
    : { ok: false, statusCode: 500, error: 'HTTP 500', startedAt: now, durationMs: 3 };

/**
 * An outcome reaches the database as the claimed delivery's release: built from the row as if
 * it were IN_FLIGHT under its lease (a token the row does not hold when it is not).
 */
function releasedFrom(step: Step, row: WebhookDeliveryState, now: Date) {
  const leaseToken = row.lease?.token ?? randomUUID();
  const claimed = WebhookDelivery.restore({
    ...row,
    status: 'IN_FLIGHT',
    nextAttemptAt: null,
    deliveredAt: null,
    lease: { slot: 1, owner: 'w', token: leaseToken, expiresAt: now },
  });
  step.domain(claimed, now);
  return { delivery: claimed, leaseToken };
}

const outcomeStep = (name: string, ok: boolean, attempts: number): Step => ({
  name,
  attempts,
  domain: (d, now) =>
    d.recordAttempt(randomUUID(), outcome(ok, now), { schedule: SCHEDULE, endpointPaused: false }, now),
  database: (repo, { row, now, step }) => repo.saveReleased([releasedFrom(step, row, now)]),
});

const STEPS: Step[] = [
  {
    name: 'CLAIM (claimDue)',
    domain: (d, now) => d.claim({ slot: 1, owner: 'w', token: 't', expiresAt: now }, now),
    database: (repo, { now }) => repo.claimDue({ owner: 'w', limit: 10, leaseMs: LEASE_MS, now }),
  },
  outcomeStep('SUCCEED (saveReleased)', true, 0),
  outcomeStep('RETRY (saveReleased)', false, 0),
  outcomeStep('DEAD_LETTER (saveReleased)', false, SCHEDULE.length),
  {
    name: 'LEASE_EXPIRED (findExpiredLeases + saveReleased)',
    domain: (d, now) => d.leaseExpired(randomUUID(), false, now),
    database: async (repo, { now }) => {
      const expired = await repo.findExpiredLeases(now, 10);
      const released = expired.map((d) => {
        const leaseToken = d.lease!.token;
        d.leaseExpired(randomUUID(), false, now);
        return { delivery: d, leaseToken };
      });
      return repo.saveReleased(released);
    },
  },
  {
    name: 'HOLD a queued delivery (holdQueued)',
    domain: (d, now) => d.hold(now),
    database: (repo, { integration, now }) => repo.holdQueued(integration.id, now),
  },
  {
    name: 'HOLD a queued delivery of a paused endpoint (holdQueuedOfPausedEndpoints)',
    domain: (d, now) => d.hold(now),
    database: (repo, { now }) => repo.holdQueuedOfPausedEndpoints(now),
  },
  {
    name: 'REQUEUE (requeueHeld)',
    domain: (d, now) => d.requeue(now),
    database: (repo, { integration, now }) => repo.requeueHeld(integration.id, now),
  },
  {
    name: 'REPLAY a dead letter (replayDeadLetters)',
    // Resume's replay takes the dead letters only; a DELIVERED one is replayed one by one.
    domain: (d, now) => {
      if (d.status === 'DELIVERED') throw new DeliveryNotReplayable(d.status);
      d.replay(false, now);
    },
    database: (repo, { integration, now }) => repo.replayDeadLetters(integration.id, now),
  },
];

describe('delivery transitions: the aggregate and the conditional UPDATEs agree (every status × event)', () => {
  let w: WebhookWorld;
  let tenantId: string;
  let integration: Integration;

  before(async () => {
    w = await webhookWorld();
    tenantId = await w.tenant();
    integration = await w.integration(tenantId);
  });

  /** A delivery stored in `status`, due (if queued) and with an expired lease (if in flight). */
  async function stored(status: DeliveryStatus, attempts: number, now: Date): Promise<WebhookDeliveryState> {
    const past = new Date(now.getTime() - 1_000);
    const id = randomUUID();
    await w.knex('webhook_dispatch_lanes').insert({ tenant_id: tenantId }).onConflict().ignore();
    const [row] = await w
      .knex<WebhookDeliveryRow>('webhook_deliveries')
      .insert({
        tenant_id: tenantId,
        id,
        integration_id: integration.id,
        event_id: randomUUID(),
        event_name: 'billing.invoice.created',
        payload: '{"id":"x"}',
        status,
        attempts,
        next_attempt_at: status === 'PENDING' || status === 'RETRYING' ? past : null,
        ...(status === 'IN_FLIGHT'
          ? { in_flight_slot: 1, lease_owner: 'w', lease_token: randomUUID(), lease_expires_at: past }
          : {}),
        delivered_at: status === 'DELIVERED' ? past : null,
        occurred_at: past,
        created_at: past,
        updated_at: past,
      })
      .returning('*');
    return toDeliveryState(row!);
  }

  function domainAnswer(step: Step, row: WebhookDeliveryState, now: Date): DeliveryStatus | 'refused' {
    const d = WebhookDelivery.restore(row);
    try {
      step.domain(d, now);
    } catch (err) {
      if (err instanceof InvalidDeliveryTransition || err instanceof DeliveryNotReplayable) return 'refused';
      throw err;
    }
    return d.status;
  }

  for (const step of STEPS) {
    it(step.name, async () => {
      const paused = step.name.includes('paused endpoint');
      await w
        .knex('integrations')
        .where({ id: integration.id })
        .update({ webhook_paused_at: paused ? w.clock.now() : null });
      const byDomain: Record<string, string> = {};
      const byDatabase: Record<string, string> = {};
      for (const status of DELIVERY_STATUSES) {
        await w.knex('webhook_delivery_attempts').delete();
        await w.knex('webhook_deliveries').delete();
        const now = w.clock.now();
        const row = await stored(status, step.attempts ?? 0, now);
        byDomain[status] = domainAnswer(step, row, now);
        await w.uow.run((r) => step.database(r.webhookDeliveries, { row, integration, now, step }));
        const after = await w.knex<WebhookDeliveryRow>('webhook_deliveries').where({ id: row.id }).first();
        byDatabase[status] = after!.status === status ? 'refused' : after!.status;
      }
      expect(byDatabase).to.deep.equal(byDomain);
      // The table is not vacuous: each step moves at least one status and refuses another.
      expect(Object.values(byDomain)).to.include('refused');
      expect(Object.values(byDomain).some((v) => v !== 'refused')).to.equal(true);
    });
  }

  it('the queue metrics count each status but the one SUCCEED leads to, and the leased ones per tenant', async () => {
    await w.knex('webhook_delivery_attempts').delete();
    await w.knex('webhook_deliveries').delete();
    for (const status of DELIVERY_STATUSES) await stored(status, 0, w.clock.now());
    const stats = await webhookQueueStats(w.knex);
    const delivered = nextDeliveryStatus('IN_FLIGHT', 'SUCCEED');
    const leased = DELIVERY_STATUSES.filter((s) => nextDeliveryStatus(s, 'LEASE_EXPIRED') !== null);
    expect(stats.byStatus).to.deep.equal(
      Object.fromEntries(DELIVERY_STATUSES.filter((s) => s !== delivered).map((s) => [s, 1])),
    );
    expect(stats.inFlightByTenant).to.deep.equal([{ tenantId, slots: leased.length }]);
  });
});
