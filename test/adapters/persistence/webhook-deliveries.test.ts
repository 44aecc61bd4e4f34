import { expect } from 'chai';
import { TOKENS } from '../../../src/application/tokens.js';
import type { ClaimDueDeliveries } from '../../../src/application/webhooks/claim-due-deliveries.js';
import type { FanOutEvents } from '../../../src/application/webhooks/fan-out-events.js';
import type { ReclaimExpiredLeases } from '../../../src/application/webhooks/reclaim-expired-leases.js';
import type { RecordDeliveryOutcomes } from '../../../src/application/webhooks/record-delivery-outcomes.js';
import { createIntegration, createTenantSetup, type TenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';
import { emitEvents, invoiceEvent } from '../../support/webhook-receiver.js';

describe('webhook deliveries in the database', () => {
  let svc: TestService;
  let fanOut: FanOutEvents;
  let claim: ClaimDueDeliveries;
  let record: RecordDeliveryOutcomes;
  let a: TenantSetup;
  let b: TenantSetup;

  beforeEach(async () => {
    svc = await startTestService();
    fanOut = svc.container.get<FanOutEvents>(TOKENS.FanOutEvents);
    claim = svc.container.get<ClaimDueDeliveries>(TOKENS.ClaimDueDeliveries);
    record = svc.container.get<RecordDeliveryOutcomes>(TOKENS.RecordDeliveryOutcomes);
    a = await createTenantSetup(svc.baseUrl, 'A');
    b = await createTenantSetup(svc.baseUrl, 'B');
    await createIntegration(svc.baseUrl, a, { webhookUrl: 'https://a.example/hook' });
    await createIntegration(svc.baseUrl, b, { webhookUrl: 'https://b.example/hook' });
  });
  afterEach(async () => {
    await svc.stop();
  });

  const inFlightByTenant = async () => {
    const { rows } = await svc.database.knex.raw<{ rows: { tenant_id: string; n: number; slots: number }[] }>(
      `SELECT tenant_id, count(*)::int AS n, count(DISTINCT in_flight_slot)::int AS slots
       FROM webhook_deliveries WHERE status = 'IN_FLIGHT' GROUP BY tenant_id`,
    );
    return rows;
  };

  it('fans out once: running the fan-out again over the same events creates nothing', async () => {
    await emitEvents(svc.database.knex, [
      ...Array.from({ length: 30 }, () => invoiceEvent(a.tenantId, a.branchId)),
      ...Array.from({ length: 20 }, () => invoiceEvent(b.tenantId, b.branchId)),
    ]);
    expect(await fanOut.execute(40)).to.deep.include({ events: 40, deliveries: 40 });
    expect(await fanOut.execute(40)).to.deep.include({ events: 10, deliveries: 10 });
    expect(await fanOut.execute(40)).to.deep.include({ events: 0, deliveries: 0 });
    await svc.database.knex('outbox_events').update({ dispatched_at: null });
    expect(await fanOut.execute(100)).to.deep.include({ events: 50, deliveries: 0 });
    const counted = await svc.database.knex('webhook_deliveries').count({ n: '*' });
    expect(Number(counted[0]?.n)).to.equal(50);
  });

  it('parallel claimers never hold more than 5 deliveries of a tenant, each in its own slot', async () => {
    await emitEvents(svc.database.knex, [
      ...Array.from({ length: 50 }, () => invoiceEvent(a.tenantId, a.branchId)),
      ...Array.from({ length: 50 }, () => invoiceEvent(b.tenantId, b.branchId)),
    ]);
    await fanOut.execute(500);
    const claims = await Promise.all(Array.from({ length: 20 }, (_, k) => claim.execute(`worker-${k}`, 3)));
    // A claimer skips a tenant another one is claiming for (it never waits), so the parallel
    // round may leave a slot free; it never takes a sixth.
    for (const row of await inFlightByTenant()) {
      expect(row.n).to.be.at.most(5);
      expect(row.slots).to.equal(row.n);
    }
    const claimed = [...claims.flat(), ...(await claim.execute('sequential', 100))];
    expect(claimed).to.have.length(10);
    expect(await inFlightByTenant()).to.have.deep.members([
      { tenant_id: a.tenantId, n: 5, slots: 5 },
      { tenant_id: b.tenantId, n: 5, slots: 5 },
    ]);

    // Releasing two of tenant A's frees exactly two slots.
    const ofA = claimed.filter((c) => c.delivery.tenantId === a.tenantId).slice(0, 2);
    const now = new Date();
    await record.execute(
      ofA.map((c) => ({ delivery: c.delivery, outcome: { ok: true, statusCode: 200, startedAt: now, durationMs: 1 } })),
    );
    const again = (await Promise.all(Array.from({ length: 10 }, (_, k) => claim.execute(`again-${k}`, 5)))).flat();
    expect(again.map((c) => c.delivery.tenantId)).to.deep.equal([a.tenantId, a.tenantId]);
    expect(again.map((c) => c.delivery.lease!.slot).sort()).to.deep.equal(
      ofA.map((c) => c.delivery.lease!.slot).sort(),
    );
    expect(await inFlightByTenant()).to.have.deep.members([
      { tenant_id: a.tenantId, n: 5, slots: 5 },
      { tenant_id: b.tenantId, n: 5, slots: 5 },
    ]);
  });

  it('the schema itself refuses a sixth in-flight delivery of a tenant', async () => {
    await emitEvents(
      svc.database.knex,
      Array.from({ length: 6 }, () => invoiceEvent(a.tenantId, a.branchId)),
    );
    await fanOut.execute(500);
    const [first] = await claim.execute('w', 1);
    const others = await svc.database.knex('webhook_deliveries').whereNot({ id: first!.delivery.id }).select('id');
    const inFlight = (id: string, slot: number) =>
      svc.database.knex.raw(
        `UPDATE webhook_deliveries SET status = 'IN_FLIGHT', in_flight_slot = ?, lease_owner = 'x',
           lease_token = gen_random_uuid(), lease_expires_at = now(), next_attempt_at = NULL WHERE id = ?`,
        [slot, id],
      );
    await expect(inFlight(others[0]!.id, first!.delivery.lease!.slot)).to.be.rejectedWith(
      /webhook_deliveries_in_flight_slot/,
    );
    await expect(inFlight(others[0]!.id, 6)).to.be.rejectedWith(/check constraint/);
    await expect(
      svc.database.knex('webhook_deliveries').where({ id: others[0]!.id }).update({ status: 'IN_FLIGHT' }),
    ).to.be.rejectedWith(/violates check constraint/);
  });

  it('takes back an expired lease: the delivery is due again and the lost attempt is logged', async () => {
    await emitEvents(svc.database.knex, [invoiceEvent(a.tenantId, a.branchId)]);
    await fanOut.execute(500);
    const [c] = await claim.execute('dead-worker', 1);
    await svc.database
      .knex('webhook_deliveries')
      .where({ id: c!.delivery.id })
      .update({
        lease_expires_at: new Date(Date.now() - 1000),
      });
    const reclaim = svc.container.get<ReclaimExpiredLeases>(TOKENS.ReclaimExpiredLeases);
    expect(await reclaim.execute()).to.deep.equal({ released: 1, held: 0 });
    const row = await svc.database.knex('webhook_deliveries').where({ id: c!.delivery.id }).first();
    expect(row).to.include({ status: 'PENDING', in_flight_slot: null, lease_token: null, attempts: 0 });
    const attempts = await svc.database.knex('webhook_delivery_attempts').where({ delivery_id: c!.delivery.id });
    expect(attempts).to.have.length(1);
    expect(attempts[0].error).to.contain('lease expired');
    // The late outcome of the dead worker's claim counts for nothing.
    const late = await record.execute([
      { delivery: c!.delivery, outcome: { ok: true, statusCode: 200, startedAt: new Date(), durationMs: 1 } },
    ]);
    expect(late.saved).to.have.length(0);
    const [again] = await claim.execute('live-worker', 1);
    expect(again!.delivery.id).to.equal(c!.delivery.id);
  });
});
