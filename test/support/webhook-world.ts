import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { WebhookAlerts, WebhookSettings } from '../../src/application/ports/webhook-ports.js';
import { ClaimDueDeliveries } from '../../src/application/webhooks/claim-due-deliveries.js';
import { FanOutEvents } from '../../src/application/webhooks/fan-out-events.js';
import { ReclaimExpiredLeases } from '../../src/application/webhooks/reclaim-expired-leases.js';
import { RecordDeliveryOutcomes } from '../../src/application/webhooks/record-delivery-outcomes.js';
import { ReplayDelivery } from '../../src/application/webhooks/replay-delivery.js';
import { ResumeWebhook } from '../../src/application/webhooks/resume-webhook.js';
import { KnexUnitOfWork } from '../../src/adapters/persistence/unit-of-work.js';
import { toDeliveryState, type WebhookDeliveryRow } from '../../src/adapters/persistence/webhook-delivery.mapper.js';
import { AesGcmSecretCipher } from '../../src/adapters/security/secret-cipher.js';
import { Integration } from '../../src/domain/access/integration.js';
import type { AttemptOutcome, WebhookDeliveryState } from '../../src/domain/webhooks/delivery.js';
import { resetData, testDatabase } from './database.js';
import { FixedClock, SequentialIds } from './fakes.js';
import { emitEvents, invoiceEvent } from './webhook-receiver.js';

export const TEST_WEBHOOK_SETTINGS: WebhookSettings = { retrySchedule: [1000, 2000], leaseMs: 30_000, timeoutMs: 200 };

/**
 * The webhook use cases on the real knex repositories of the test database (emptied first),
 * with a fixed clock and sequential ids. Tenants are seeded with a branch and a fiscal year;
 * integrations through the integration repository.
 */
export async function webhookWorld(settings: WebhookSettings = TEST_WEBHOOK_SETTINGS) {
  const database = await testDatabase();
  const knex: Knex = database.knex;
  await resetData(knex);
  const cipher = new AesGcmSecretCipher(randomBytes(32));
  const uow = new KnexUnitOfWork(knex, cipher);
  const ids = new SequentialIds();
  // Near "now": the claim's lanes and the database's own clock stay in step.
  const clock = new FixedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  const alerts: Parameters<WebhookAlerts['deadLettered']>[0][] = [];
  const alertSink: WebhookAlerts = { deadLettered: (a) => void alerts.push(a) };
  const branches = new Map<string, string>();
  let n = 0;

  const tenant = async (): Promise<string> => {
    const tenantId = randomUUID();
    const branchId = randomUUID();
    const now = clock.now();
    await knex('tenants').insert({ id: tenantId, name: 'T', created_at: now });
    await knex('branches').insert({ tenant_id: tenantId, id: branchId, name: 'HQ', code: 'HQ', created_at: now });
    await knex('fiscal_years').insert({
      tenant_id: tenantId,
      id: tenantId,
      code: 'FY',
      starts_on: '2020-01-01',
      ends_on: '2040-01-01',
      created_at: now,
    });
    branches.set(tenantId, branchId);
    return tenantId;
  };

  const integration = async (
    tenantId: string,
    opts: { url?: string | null; events?: string; active?: boolean } = {},
  ): Promise<Integration> => {
    n += 1;
    const i = Integration.create(
      {
        id: randomUUID(),
        tenantId,
        branchId: branches.get(tenantId)!,
        fiscalYearId: tenantId,
        role: 'ADMIN',
        clientName: `I${n}`,
        webhookUrl: opts.url === undefined ? `https://shop${n}.example/hook` : opts.url,
        webhookEvents: opts.events,
      },
      { clientId: `ck_${randomUUID()}`, clientSecret: `cs_${n}`, webhookSecret: () => `whsec_${n}` },
      clock.now(),
    );
    if (opts.active === false) i.update({ active: false }, () => 'x', clock.now());
    await uow.run((r) => r.integrations.add(i));
    return i;
  };

  const pause = async (i: Integration) => {
    i.pauseWebhook(clock.now());
    await uow.run((r) => r.integrations.save(i));
  };

  const emit = (tenantId: string, name: Parameters<typeof invoiceEvent>[2] = 'billing.invoice.created') =>
    emitEvents(knex, [{ ...invoiceEvent(tenantId, branches.get(tenantId)!, name), occurredAt: clock.now() }]);

  /** Every delivery as stored. */
  const deliveries = async (): Promise<WebhookDeliveryState[]> =>
    (await knex<WebhookDeliveryRow>('webhook_deliveries').orderBy([{ column: 'created_at' }, { column: 'id' }])).map(
      toDeliveryState,
    );

  const attemptsOf = (deliveryId: string) =>
    knex('webhook_delivery_attempts').where({ delivery_id: deliveryId }).orderBy('started_at');

  return {
    database,
    knex,
    uow,
    ids,
    clock,
    alerts,
    tenant,
    integration,
    pause,
    emit,
    deliveries,
    attemptsOf,
    fanOut: new FanOutEvents(uow, ids, clock, settings),
    claim: new ClaimDueDeliveries(uow, clock, settings),
    record: new RecordDeliveryOutcomes(uow, ids, clock, settings, alertSink),
    reclaim: new ReclaimExpiredLeases(uow, ids, clock),
    resume: new ResumeWebhook(uow, clock),
    replay: new ReplayDelivery(uow, clock),
    failure: (): AttemptOutcome => ({
      ok: false,
      statusCode: 500,
      error: 'HTTP 500',
      startedAt: clock.now(),
      durationMs: 5,
    }),
    success: (): AttemptOutcome => ({ ok: true, statusCode: 200, startedAt: clock.now(), durationMs: 5 }),
  };
}

export type WebhookWorld = Awaited<ReturnType<typeof webhookWorld>>;
