import { expect } from 'chai';
import { LEASED_STATUSES } from '../../../src/domain/webhooks/delivery.machine.js';
import { MAX_IN_FLIGHT_PER_TENANT } from '../../../src/domain/webhooks/retry-policy.js';
import { TEST_DATABASE_URL } from '../../support/database.js';
import { webhookWorld, type WebhookWorld } from '../../support/webhook-world.js';

/**
 * The 5-in-flight-per-tenant limit (spec 8) under real concurrency: parallel claimers on
 * separate connections of the PostgreSQL server, through ClaimDueDeliveries and the knex
 * repositories. The embedded database has one connection, so claims there never overlap.
 */
describe('at most 5 deliveries of a tenant in flight, with parallel claimers (PostgreSQL server)', function () {
  let w: WebhookWorld;

  before(function () {
    if (!TEST_DATABASE_URL) {
      console.log('    (skipped: concurrency test needs the PostgreSQL server; set TEST_DATABASE_URL)');
      this.skip();
    }
  });

  beforeEach(async () => {
    w = await webhookWorld();
  });

  const inFlight = async (tenantId: string) => {
    const rows = await w
      .knex('webhook_deliveries')
      .where({ tenant_id: tenantId })
      .whereIn('status', [...LEASED_STATUSES])
      .select('in_flight_slot');
    return { count: rows.length, slots: new Set(rows.map((r: { in_flight_slot: number }) => r.in_flight_slot)).size };
  };

  it('20 due deliveries of one tenant, 8 claimers racing over several rounds: never a sixth IN_FLIGHT', async () => {
    const tenant = await w.tenant();
    await w.integration(tenant);
    for (let k = 0; k < 20; k++) await w.emit(tenant);
    expect(await w.fanOut.execute()).to.deep.include({ events: 20, deliveries: 20 });

    const claimedIds: string[] = [];
    let maxSeen = 0;
    const claimers = (round: number, n: number) =>
      Promise.all(Array.from({ length: n }, (_, k) => w.claim.execute(`w${round}-${k}`, 5))).then((c) => c.flat());
    const check = async (label: string) => {
      const now = await inFlight(tenant);
      maxSeen = Math.max(maxSeen, now.count);
      expect(now.count, label).to.be.at.most(MAX_IN_FLIGHT_PER_TENANT);
      expect(now.slots, `${label}: each in its own slot`).to.equal(now.count);
    };
    for (let round = 0; round < 50 && claimedIds.length < 20; round++) {
      const claimed = await claimers(round, 8);
      await check(`round ${round}`);
      // Outcomes are recorded while more claimers race for the slots they free.
      const [, late] = await Promise.all([
        w.record.execute(claimed.map((c) => ({ delivery: c.delivery, outcome: w.success() }))),
        claimers(round + 1000, 4),
      ]);
      await check(`round ${round}, while releasing`);
      await w.record.execute(late.map((c) => ({ delivery: c.delivery, outcome: w.success() })));
      claimedIds.push(...[...claimed, ...late].map((c) => c.delivery.id));
    }
    expect(maxSeen, 'the claimers did fill the five slots').to.equal(MAX_IN_FLIGHT_PER_TENANT);
    expect(new Set(claimedIds).size, 'each delivery claimed once').to.equal(claimedIds.length);
    const statuses = (await w.deliveries()).map((d) => d.status);
    expect(statuses.filter((s) => s === 'DELIVERED')).to.have.length(20);
  });
});
