import { expect } from 'chai';
import type { WebhookSender } from '../../src/application/ports/webhook-ports.js';
import { TOKENS } from '../../src/application/tokens.js';
import { AgendaWebhookDispatcher, type DispatcherUseCases } from '../../src/adapters/webhooks/agenda-dispatcher.js';
import { dispatcherOptions } from '../../src/infrastructure/container.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import { createIntegration, createTenantSetup } from '../support/mothers.js';
import { startTestService } from '../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent } from '../support/webhook-receiver.js';

describe('webhook dispatcher (in the test process, on either database)', () => {
  let receiver: WebhookReceiver;
  beforeEach(async () => {
    receiver = await new WebhookReceiver().start();
  });
  afterEach(async () => {
    await receiver.stop();
  });

  it('two dispatchers on one database keep at most 5 of a tenant in flight', async () => {
    const svc = await startTestService({}, { mode: 'all' });
    const c = svc.container;
    let secondSent = 0;
    const sender = c.get<WebhookSender>(TOKENS.WebhookSender);
    const counting: WebhookSender = {
      send: (target, message) => {
        secondSent += 1;
        return sender.send(target, message);
      },
    };
    const useCases: DispatcherUseCases = {
      fanOut: c.get(TOKENS.FanOutEvents),
      claim: c.get(TOKENS.ClaimDueDeliveries),
      record: c.get(TOKENS.RecordDeliveryOutcomes),
      reclaim: c.get(TOKENS.ReclaimExpiredLeases),
      probe: c.get(TOKENS.ProbeWebhookWork),
    };
    const second = new AgendaWebhookDispatcher(
      useCases,
      counting,
      createLogger('silent'),
      dispatcherOptions(svc.config, svc.database),
    );
    await second.start();
    try {
      const t = await createTenantSetup(svc.baseUrl);
      await createIntegration(svc.baseUrl, t, { webhookUrl: receiver.url('/busy') });
      receiver.respond = () => ({ status: 200, delayMs: 10 });
      await emitEvents(
        svc.database.knex,
        Array.from({ length: 120 }, () => invoiceEvent(t.tenantId, t.branchId)),
      );
      await receiver.waitFor(() => receiver.received.length >= 120, 20_000, '120 deliveries');
      expect(receiver.maxConcurrent).to.be.at.most(5);
      expect(receiver.maxConcurrent).to.be.at.least(2);
      expect(new Set(receiver.received.map((r) => JSON.parse(r.body).payload.id)).size).to.equal(120);
      console.log(`      second dispatcher sent ${secondSent} of ${receiver.received.length}`);
    } finally {
      await second.stop();
      await svc.stop();
    }
  });

  it('stops gracefully: requests under way finish and are recorded, nothing is left in flight', async () => {
    const svc = await startTestService({}, { mode: 'all' });
    const t = await createTenantSetup(svc.baseUrl);
    await createIntegration(svc.baseUrl, t, { webhookUrl: receiver.url('/slow') });
    receiver.respond = () => ({ status: 200, delayMs: 1_000 });
    await emitEvents(
      svc.database.knex,
      Array.from({ length: 3 }, () => invoiceEvent(t.tenantId, t.branchId)),
    );
    await receiver.waitFor(() => receiver.concurrent === 3, 10_000, 'three requests under way');
    const before = Date.now();
    await svc.stop();
    expect(Date.now() - before, 'stop waited for the requests').to.be.at.least(300);
    const rows = await svc.database.knex('webhook_deliveries').select('status');
    expect(rows.map((r) => r.status)).to.deep.equal(['DELIVERED', 'DELIVERED', 'DELIVERED']);
  });
});
