import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { WebhookSender } from '../../../src/application/ports/webhook-ports.js';
import { ProbeWebhookWork } from '../../../src/application/webhooks/probe-webhook-work.js';
import { DispatchLoop } from '../../../src/adapters/webhooks/dispatch-loop.js';
import { SendSlots } from '../../../src/adapters/webhooks/send-slots.js';
import { createLogger } from '../../../src/infrastructure/logger.js';
import { webhookWorld, type WebhookWorld } from '../../support/webhook-world.js';

/**
 * The dispatch loop on the real use cases and repositories of the test database; only the HTTP
 * send is a recording stand-in (the loop's rule is what it claims, not how a request goes out).
 */
describe('the dispatch loop (real use cases on the test database)', () => {
  let w: WebhookWorld;
  beforeEach(async () => {
    w = await webhookWorld();
  });

  const loopOf = (sent: string[]) => {
    const sender: WebhookSender = {
      send: (_target, message) => {
        sent.push(message.deliveryId);
        return Promise.resolve({ ok: true, statusCode: 200, startedAt: new Date(), durationMs: 1 });
      },
    };
    const logger = createLogger('silent');
    const hooks = { onRecorded: () => undefined, onProgress: () => loop.progressed(), isStopping: () => loop.stopping };
    const slots = new SendSlots(sender, w.record, logger, { maxInFlight: 10, timeoutMs: 1_000 }, hooks);
    const uc = {
      fanOut: w.fanOut,
      claim: w.claim,
      record: w.record,
      reclaim: w.reclaim,
      probe: new ProbeWebhookWork(w.uow, w.clock),
    };
    const timing = { processEveryMs: 50, sweepEveryMs: 60_000, probeEveryMs: 20, lingerMs: 60_000 };
    const loop: DispatchLoop = new DispatchLoop(
      uc,
      slots,
      logger,
      { timing, claimBatch: 10, fanOutBatch: 10 },
      'w1',
      () => false,
    );
    return loop;
  };

  it('still claims and sends due deliveries while the fan-out fails on an event it cannot write', async () => {
    const tenant = await w.tenant();
    await w.integration(tenant);
    await w.emit(tenant);
    expect(await w.fanOut.execute()).to.deep.include({ events: 1, deliveries: 1 });
    // An event whose name the deliveries table refuses: every fan-out of it fails.
    await w.knex('outbox_events').insert({
      tenant_id: tenant,
      id: randomUUID(),
      event_name: 'Not An Event',
      payload: {},
      occurred_at: w.clock.now(),
    });
    await expect(w.fanOut.execute()).to.be.rejected;

    const sent: string[] = [];
    const loop = loopOf(sent);
    const running = loop.run(() => Promise.resolve());
    const deadline = Date.now() + 10_000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = (await w.deliveries()).map((d) => d.status);
      if (statuses.includes('DELIVERED')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    loop.stop();
    await running;
    expect(statuses, 'the due delivery went out despite the failing fan-out').to.deep.equal(['DELIVERED']);
    expect(sent).to.have.length(1);
    expect(await w.knex('outbox_events').whereNull('dispatched_at')).to.have.length(1);
  });
});
