import { expect } from 'chai';
import type { WebhookAlerts, WebhookSender, WebhookSettings } from '../../../src/application/ports/webhook-ports.js';
import { ClaimDueDeliveries } from '../../../src/application/webhooks/claim-due-deliveries.js';
import { FanOutEvents } from '../../../src/application/webhooks/fan-out-events.js';
import { PingWebhook } from '../../../src/application/webhooks/ping-webhook.js';
import { ReclaimExpiredLeases } from '../../../src/application/webhooks/reclaim-expired-leases.js';
import { RecordDeliveryOutcomes } from '../../../src/application/webhooks/record-delivery-outcomes.js';
import { ReplayDelivery } from '../../../src/application/webhooks/replay-delivery.js';
import { ResumeWebhook } from '../../../src/application/webhooks/resume-webhook.js';
import { Integration } from '../../../src/domain/access/integration.js';
import type { AttemptOutcome } from '../../../src/domain/webhooks/delivery.js';
import { DeliveryNotFound, TenantDeliveriesBusy } from '../../../src/domain/webhooks/errors.js';
import { fakes } from '../../support/fakes.js';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const SETTINGS: WebhookSettings = { retrySchedule: [1000, 2000], leaseMs: 30_000, timeoutMs: 200 };

function world() {
  const { uow, ids, clock } = fakes();
  const alerts: Parameters<WebhookAlerts['deadLettered']>[0][] = [];
  const alertSink: WebhookAlerts = { deadLettered: (a) => void alerts.push(a) };
  let n = 0;
  const integration = async (
    tenantId: string,
    opts: { url?: string | null; events?: string; active?: boolean } = {},
  ) => {
    n += 1;
    const i = Integration.create(
      {
        id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
        tenantId,
        branchId: 'b',
        fiscalYearId: 'f',
        role: 'ADMIN',
        clientName: `I${n}`,
        webhookUrl: opts.url === undefined ? `https://shop${n}.example/hook` : opts.url,
        webhookEvents: opts.events,
      },
      { clientId: `ck_${n}`, clientSecret: `cs_${n}`, webhookSecret: () => `whsec_${n}` },
      clock.now(),
    );
    if (opts.active === false) i.update({ active: false }, () => 'x', clock.now());
    await uow.repos.integrations.add(i);
    return i;
  };
  const emit = (tenantId: string, name = 'billing.invoice.created') =>
    uow.run(() =>
      uow.outbox.add([
        {
          name,
          tenantId,
          occurredAt: clock.now(),
          payload: { id: `ev-${Math.random()}`, code: 'INV-1', branchId: 'b', resource: 'INVOICE', action: 'CREATE' },
        },
      ]),
    );
  return {
    uow,
    ids,
    clock,
    alerts,
    integration,
    emit,
    deliveries: () => uow.repos.webhookDeliveries.all(),
    fanOut: new FanOutEvents(uow, ids, clock),
    claim: new ClaimDueDeliveries(uow, clock, SETTINGS),
    record: new RecordDeliveryOutcomes(uow, ids, clock, SETTINGS, alertSink),
    reclaim: new ReclaimExpiredLeases(uow, ids, clock),
    resume: new ResumeWebhook(uow, clock),
    replay: new ReplayDelivery(uow, clock),
  };
}

const failure = (w: ReturnType<typeof world>): AttemptOutcome => ({
  ok: false,
  statusCode: 500,
  error: 'HTTP 500',
  startedAt: w.clock.now(),
  durationMs: 5,
});
const success = (w: ReturnType<typeof world>): AttemptOutcome => ({
  ok: true,
  statusCode: 200,
  startedAt: w.clock.now(),
  durationMs: 5,
});

describe('webhook use cases', () => {
  describe('FanOutEvents', () => {
    it('makes one delivery per active subscribed integration of the tenant; HELD when paused; once', async () => {
      const w = world();
      const all = await w.integration(T1);
      const voidedOnly = await w.integration(T1, { events: 'billing.invoice.voided' });
      await w.integration(T1, { active: false });
      await w.integration(T1, { url: null });
      await w.integration(T2);
      const paused = await w.integration(T1);
      paused.pauseWebhook(w.clock.now());
      await w.uow.repos.integrations.save(paused);

      await w.emit(T1, 'billing.invoice.created');
      await w.emit(T1, 'billing.invoice.voided');
      expect(await w.fanOut.execute()).to.deep.equal({ events: 2, deliveries: 5 });
      const byIntegration = (id: string) => w.deliveries().filter((d) => d.integrationId === id);
      expect(
        byIntegration(all.id)
          .map((d) => d.eventName)
          .sort(),
      ).to.deep.equal(['billing.invoice.created', 'billing.invoice.voided']);
      expect(byIntegration(voidedOnly.id).map((d) => d.eventName)).to.deep.equal(['billing.invoice.voided']);
      expect(byIntegration(paused.id).map((d) => d.status)).to.deep.equal(['HELD', 'HELD']);
      expect(w.deliveries()).to.have.length(5);
      const payload = JSON.parse(byIntegration(all.id)[0]!.payload);
      expect(Object.keys(payload)).to.deep.equal(['id', 'code', 'branchId', 'resource', 'action', 'timestamp']);

      // The outbox is marked dispatched; and even a repeated fan-out of the same events adds nothing.
      expect(await w.fanOut.execute()).to.deep.equal({ events: 0, deliveries: 0 });
      w.uow.repos.outboxFeed.rows.clear();
      expect(await w.fanOut.execute()).to.deep.equal({ events: 2, deliveries: 0 });
      expect(w.deliveries()).to.have.length(5);
    });
  });

  describe('RecordDeliveryOutcomes', () => {
    it('retries, then dead-letters, pauses the endpoint, holds its queue, and alerts once', async () => {
      const w = world();
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
      const statuses = w
        .deliveries()
        .map((d) => d.status)
        .sort();
      expect(statuses).to.deep.equal(['DEAD', 'HELD', 'HELD']);
      expect(await w.claim.execute('w1', 10)).to.have.length(0);
    });

    it('holds a failure of an endpoint paused meanwhile, and drops an outcome whose claim was taken back', async () => {
      const w = world();
      const i = await w.integration(T1);
      await w.emit(T1);
      await w.emit(T1);
      await w.fanOut.execute();
      const [a, b] = await w.claim.execute('w1', 10);
      i.pauseWebhook(w.clock.now());
      await w.uow.repos.integrations.save(i);
      const r1 = await w.record.execute([{ delivery: a!.delivery, outcome: failure(w) }]);
      expect(r1.saved[0]!.status).to.equal('HELD');
      expect(w.alerts).to.have.length(0);

      // b's lease expires and is taken back; b's late outcome then counts for nothing.
      w.clock.advance(SETTINGS.leaseMs + 1);
      expect(await w.reclaim.execute()).to.deep.include({ released: 1 });
      const late = await w.record.execute([{ delivery: b!.delivery, outcome: success(w) }]);
      expect(late.saved).to.have.length(0);
      const stateOfB = w.deliveries().find((d) => d.id === b!.delivery.id)!;
      expect(stateOfB.status, 'released while the endpoint is paused').to.equal('HELD');
      expect(w.uow.repos.webhookDeliveries.attemptsOf(b!.delivery.id)[0]!.error).to.contain('lease expired');
    });

    it('never has more than 5 deliveries of a tenant in flight', async () => {
      const w = world();
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
      const w = world();
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
      expect(
        w
          .deliveries()
          .map((d) => d.status)
          .sort(),
      ).to.deep.equal(['DEAD', 'HELD']);

      const plain = await w.resume.execute(i.id);
      expect(plain).to.deep.include({ requeued: 1, replayed: 0 });
      expect(plain.integration.webhookPausedAt).to.equal(null);
      expect(
        w
          .deliveries()
          .map((d) => d.status)
          .sort(),
      ).to.deep.equal(['DEAD', 'PENDING']);
      const withDead = await w.resume.execute(i.id, { replayDeadLetters: true });
      expect(withDead).to.deep.include({ requeued: 0, replayed: 1 });
      const replayed = w
        .deliveries()
        .find((d) => d.attempts === 0 && d.status === 'PENDING' && d.createdAt < w.clock.now());
      expect(replayed).to.not.equal(undefined);
      await expect(w.resume.execute('99999999-9999-4999-8999-999999999999')).to.be.rejectedWith(
        'Integration not found',
      );
    });

    it('replays one delivery (HELD while the endpoint is paused); unknown id is 404', async () => {
      const w = world();
      const i = await w.integration(T1);
      await w.emit(T1);
      await w.fanOut.execute();
      const [c] = await w.claim.execute('w1', 1);
      await w.record.execute([{ delivery: c!.delivery, outcome: success(w) }]);
      expect((await w.replay.execute(c!.delivery.id)).status).to.equal('PENDING');
      const [again] = await w.claim.execute('w1', 1);
      await w.record.execute([{ delivery: again!.delivery, outcome: success(w) }]);
      i.pauseWebhook(w.clock.now());
      await w.uow.repos.integrations.save(i);
      expect((await w.replay.execute(c!.delivery.id)).status).to.equal('HELD');
      await expect(w.replay.execute('99999999-9999-4999-8999-999999999999')).to.be.rejectedWith(DeliveryNotFound);
    });
  });

  describe('PingWebhook', () => {
    it('sends now in a free slot, records the attempt, and gives up when the slots stay busy', async () => {
      const w = world();
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
      expect(w.deliveries().find((d) => d.id === result.deliveryId)).to.include({ status: 'DELIVERED' });

      for (let k = 0; k < 5; k++) await w.emit(T1);
      await w.fanOut.execute();
      expect(await w.claim.execute('w1', 10)).to.have.length(5);
      await expect(ping.execute(i.id)).to.be.rejectedWith(TenantDeliveriesBusy);
    });
  });
});
