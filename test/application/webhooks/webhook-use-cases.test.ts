import { expect } from 'chai';
import type { WebhookSender } from '../../../src/application/ports/webhook-ports.js';
import { PingWebhook } from '../../../src/application/webhooks/ping-webhook.js';
import { DeliveryNotFound, TenantDeliveriesBusy } from '../../../src/domain/webhooks/errors.js';
import { TEST_WEBHOOK_SETTINGS as SETTINGS, webhookWorld, type WebhookWorld } from '../../support/webhook-world.js';

const failure = (w: WebhookWorld) => w.failure();
const success = (w: WebhookWorld) => w.success();

describe('webhook use cases (real repositories on the test database)', () => {
  let T1: string;
  let T2: string;
  let w: WebhookWorld;
  beforeEach(async () => {
    w = await webhookWorld();
    T1 = await w.tenant();
    T2 = await w.tenant();
  });

  describe('FanOutEvents', () => {
    it('makes one delivery per active subscribed integration of the tenant; HELD when paused; once', async () => {
      const all = await w.integration(T1);
      const voidedOnly = await w.integration(T1, { events: 'billing.invoice.voided' });
      await w.integration(T1, { active: false });
      await w.integration(T1, { url: null });
      await w.integration(T2);
      const paused = await w.integration(T1);
      await w.pause(paused);

      await w.emit(T1, 'billing.invoice.created');
      await w.emit(T1, 'billing.invoice.voided');
      expect(await w.fanOut.execute()).to.deep.include({ events: 2, deliveries: 5 });
      const all5 = await w.deliveries();
      const byIntegration = (id: string) => all5.filter((d) => d.integrationId === id);
      expect(
        byIntegration(all.id)
          .map((d) => d.eventName)
          .sort(),
      ).to.deep.equal(['billing.invoice.created', 'billing.invoice.voided']);
      expect(byIntegration(voidedOnly.id).map((d) => d.eventName)).to.deep.equal(['billing.invoice.voided']);
      expect(byIntegration(paused.id).map((d) => d.status)).to.deep.equal(['HELD', 'HELD']);
      expect(await w.deliveries()).to.have.length(5);
      const payload = JSON.parse(byIntegration(all.id)[0]!.payload);
      expect(Object.keys(payload)).to.deep.equal(['id', 'code', 'branchId', 'resource', 'action', 'timestamp']);

      // The outbox is marked dispatched; and even a repeated fan-out of the same events adds nothing.
      expect(await w.fanOut.execute()).to.deep.include({ events: 0, deliveries: 0 });
      await w.knex('outbox_events').update({ dispatched_at: null });
      expect(await w.fanOut.execute()).to.deep.include({ events: 2, deliveries: 0 });
      expect(await w.deliveries()).to.have.length(5);
    });

    it('given a claim, claims in the same transaction: the new deliveries go out at once, 5 per tenant at most', async () => {
      await w.integration(T1);
      await w.integration(T2);
      for (let n = 0; n < 7; n++) await w.emit(T1);
      await w.emit(T2);
      const statements: string[] = [];
      const listen = (q: { sql: string }) => statements.push(q.sql);
      w.knex.on('query', listen);
      let result;
      try {
        result = await w.fanOut.execute(500, { owner: 'w1', limit: 10 });
      } finally {
        w.knex.removeListener('query', listen);
      }
      expect(result).to.include({ events: 8, deliveries: 8 });
      const perTenant = (tenant: string) => result.claimed.filter((c) => c.delivery.tenantId === tenant).length;
      expect([perTenant(T1), perTenant(T2)], 'T1 capped at its 5 slots').to.deep.equal([5, 1]);
      expect(result.claimed.every((c) => c.delivery.status === 'IN_FLIGHT' && c.target.secret)).to.equal(true);
      // One transaction: the fan-out's statements and the claim's between one BEGIN and one COMMIT.
      expect(statements.filter((q) => /^(BEGIN|COMMIT)/i.test(q))).to.deep.equal(['BEGIN', 'COMMIT']);
      const stored = (await w.deliveries()).map((d) => d.status).sort();
      expect(stored).to.deep.equal([...Array(6).fill('IN_FLIGHT'), 'PENDING', 'PENDING']);
      expect(await w.knex('outbox_events').whereNull('dispatched_at')).to.have.length(0);
    });
  });

  describe('ClaimDueDeliveries', () => {
    it('looks before it claims: nothing due, or every due tenant at its 5 slots, costs one statement and no transaction', async () => {
      const claimStatements = async () => {
        const statements: string[] = [];
        const listen = (q: { sql: string }) => statements.push(q.sql);
        w.knex.on('query', listen);
        try {
          return { claimed: await w.claim.execute('w1', 100), statements };
        } finally {
          w.knex.removeListener('query', listen);
        }
      };
      await w.integration(T1);
      const idle = await claimStatements();
      expect(idle.claimed).to.have.length(0);
      expect(idle.statements).to.have.length(1);

      for (let n = 0; n < 6; n++) await w.emit(T1);
      await w.fanOut.execute();
      const first = await claimStatements();
      expect(first.claimed, 'five slots').to.have.length(5);
      expect(first.statements.filter((q) => /^(BEGIN|COMMIT)/i.test(q))).to.deep.equal(['BEGIN', 'COMMIT']);
      // The sixth is due, but its tenant's slots are full: the look says so.
      const full = await claimStatements();
      expect(full.claimed).to.have.length(0);
      expect(full.statements).to.have.length(1);
      // A slot freed: the sixth is claimed.
      await w.record.execute([{ delivery: first.claimed[0]!.delivery, outcome: success(w) }]);
      expect((await claimStatements()).claimed).to.have.length(1);
    });
  });

  describe('RecordDeliveryOutcomes', () => {
    it('retries, then dead-letters, pauses the endpoint, holds its queue, and alerts once', async () => {
      const i = await w.integration(T1);
      await w.emit(T1);
      await w.fanOut.execute();
      for (let attempt = 1; attempt <= 3; attempt++) {
        // One at a time: the retry falls due before the newer events, so it is claimed first.
        const [c] = await w.claim.execute('w1', 1);
        expect(c!.delivery.eventName, `claim ${attempt}`).to.equal('billing.invoice.created');
        expect(c!.delivery.attempts).to.equal(attempt - 1);
        const recorded = await w.record.execute([{ delivery: c!.delivery, outcome: failure(w) }]);
        expect(recorded.saved[0]!.status).to.equal(attempt < 3 ? 'RETRYING' : 'DEAD');
        w.clock.advance(10_000);
        if (attempt === 2) {
          await w.emit(T1);
          await w.emit(T1);
          await w.fanOut.execute();
        }
      }
      expect(w.alerts).to.have.length(1);
      expect(w.alerts[0]).to.include({ integrationId: i.id, event: 'billing.invoice.created', attempts: 3 });
      const stored = (await w.uow.read((r) => r.integrations.findByIdAcrossTenants(i.id)))!;
      expect(stored.webhookPausedAt).to.not.equal(null);
      const statuses = (await w.deliveries()).map((d) => d.status).sort();
      expect(statuses).to.deep.equal(['DEAD', 'HELD', 'HELD']);
      expect(await w.claim.execute('w1', 10)).to.have.length(0);
    });

    it('holds a failure of an endpoint paused meanwhile, and drops an outcome whose claim was taken back', async () => {
      const i = await w.integration(T1);
      await w.emit(T1);
      await w.emit(T1);
      await w.fanOut.execute();
      const [a, b] = await w.claim.execute('w1', 10);
      await w.pause(i);
      const r1 = await w.record.execute([{ delivery: a!.delivery, outcome: failure(w) }]);
      expect(r1.saved[0]!.status).to.equal('HELD');
      expect(w.alerts).to.have.length(0);

      // b's lease expires and is taken back; b's late outcome then counts for nothing.
      w.clock.advance(SETTINGS.leaseMs + 1);
      expect(await w.reclaim.execute()).to.deep.include({ released: 1 });
      const late = await w.record.execute([{ delivery: b!.delivery, outcome: success(w) }]);
      expect(late.saved).to.have.length(0);
      const stateOfB = (await w.deliveries()).find((d) => d.id === b!.delivery.id)!;
      expect(stateOfB.status, 'released while the endpoint is paused').to.equal('HELD');
      expect((await w.attemptsOf(b!.delivery.id))[0]!.error).to.contain('lease expired');
    });

    it('records a batch of successes in one statement, attempts included, with no transaction', async () => {
      await w.integration(T1);
      await w.emit(T1);
      await w.emit(T1);
      await w.fanOut.execute();
      const claimed = await w.claim.execute('w1', 10);
      const statements: string[] = [];
      const listen = (q: { sql: string }) => statements.push(q.sql);
      w.knex.on('query', listen);
      try {
        const recorded = await w.record.execute(claimed.map((c) => ({ delivery: c.delivery, outcome: success(w) })));
        expect(recorded.saved.map((d) => d.status)).to.deep.equal(['DELIVERED', 'DELIVERED']);
      } finally {
        w.knex.removeListener('query', listen);
      }
      expect(statements).to.have.length(1);
      expect(statements[0]).to.match(/^WITH saved AS \(\s*UPDATE webhook_deliveries/);
      for (const c of claimed) expect(await w.attemptsOf(c.delivery.id)).to.have.length(1);
    });

    it('never has more than 5 deliveries of a tenant in flight', async () => {
      await w.integration(T1);
      await w.integration(T2);
      for (let k = 0; k < 8; k++) {
        await w.emit(T1);
        await w.emit(T2);
      }
      await w.fanOut.execute();
      const claimed = await w.claim.execute('w1', 100);
      expect(claimed.filter((c) => c.delivery.tenantId === T1)).to.have.length(5);
      expect(claimed.filter((c) => c.delivery.tenantId === T2)).to.have.length(5);
      expect(await w.claim.execute('w2', 100)).to.have.length(0);
      await w.record.execute([{ delivery: claimed[0]!.delivery, outcome: success(w) }]);
      const next = await w.claim.execute('w2', 100);
      expect(next.map((c) => c.delivery.tenantId)).to.deep.equal([claimed[0]!.delivery.tenantId]);
      expect(next[0]!.delivery.lease!.slot).to.equal(claimed[0]!.delivery.lease!.slot);
    });
  });

  describe('ResumeWebhook and ReplayDelivery', () => {
    it('re-queues held deliveries, and with replayDeadLetters the dead ones too', async () => {
      const i = await w.integration(T1);
      await w.emit(T1);
      await w.fanOut.execute();
      for (let k = 0; k < 3; k++) {
        const [c] = await w.claim.execute('w1', 1);
        await w.record.execute([{ delivery: c!.delivery, outcome: failure(w) }]);
        w.clock.advance(10_000);
      }
      await w.emit(T1);
      await w.fanOut.execute();
      expect((await w.deliveries()).map((d) => d.status).sort()).to.deep.equal(['DEAD', 'HELD']);

      const plain = await w.resume.execute(i.id);
      expect(plain).to.deep.include({ requeued: 1, replayed: 0 });
      expect(plain.integration.webhookPausedAt).to.equal(null);
      expect((await w.deliveries()).map((d) => d.status).sort()).to.deep.equal(['DEAD', 'PENDING']);
      const withDead = await w.resume.execute(i.id, { replayDeadLetters: true });
      expect(withDead).to.deep.include({ requeued: 0, replayed: 1 });
      const replayed = (await w.deliveries()).find(
        (d) => d.attempts === 0 && d.status === 'PENDING' && d.createdAt < w.clock.now(),
      );
      expect(replayed).to.not.equal(undefined);
      await expect(w.resume.execute('99999999-9999-4999-8999-999999999999')).to.be.rejectedWith(
        'Integration not found',
      );
    });

    it('replays one delivery (HELD while the endpoint is paused); unknown id is 404', async () => {
      const i = await w.integration(T1);
      await w.emit(T1);
      await w.fanOut.execute();
      const [c] = await w.claim.execute('w1', 1);
      await w.record.execute([{ delivery: c!.delivery, outcome: success(w) }]);
      expect((await w.replay.execute(c!.delivery.id)).status).to.equal('PENDING');
      const [again] = await w.claim.execute('w1', 1);
      await w.record.execute([{ delivery: again!.delivery, outcome: success(w) }]);
      await w.pause(i);
      expect((await w.replay.execute(c!.delivery.id)).status).to.equal('HELD');
      await expect(w.replay.execute('99999999-9999-4999-8999-999999999999')).to.be.rejectedWith(DeliveryNotFound);
    });
  });

  describe('PingWebhook', () => {
    it('sends now in a free slot, records the attempt, and gives up when the slots stay busy', async () => {
      const i = await w.integration(T1);
      const sent: string[] = [];
      const sender: WebhookSender = {
        send: async (target, message) => {
          sent.push(`${target.url} ${message.eventName}`);
          return { ok: true, statusCode: 204, startedAt: w.clock.now(), durationMs: 7 };
        },
      };
      const ping = new PingWebhook(w.uow, w.ids, w.clock, sender, SETTINGS);
      const result = await ping.execute(i.id);
      expect(result).to.include({ event: 'webhook.ping', delivered: true, statusCode: 204, error: null });
      expect(sent).to.deep.equal([`${i.webhookUrl} webhook.ping`]);
      expect((await w.deliveries()).find((d) => d.id === result.deliveryId)).to.include({ status: 'DELIVERED' });

      for (let k = 0; k < 5; k++) await w.emit(T1);
      await w.fanOut.execute();
      expect(await w.claim.execute('w1', 10)).to.have.length(5);
      await expect(ping.execute(i.id)).to.be.rejectedWith(TenantDeliveriesBusy);
    });
  });
});
