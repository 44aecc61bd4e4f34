import { expect } from 'chai';
import { cliFor, type CliRun } from '../../support/cli.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent } from '../../support/webhook-receiver.js';

describe('admin command-line tool: webhooks', () => {
  let svc: TestService;
  let run: (...argv: string[]) => Promise<CliRun>;
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    svc = await startTestService({ webhookRetrySchedule: [50, 50, 50, 50, 50] }, { mode: 'all' });
    run = cliFor(svc);
  });
  after(async () => {
    await svc.stop();
    await receiver.stop();
  });

  it('pings, lists deliveries, resumes a paused endpoint with its dead letters, and replays one', async () => {
    let healthy = false;
    receiver.respond = () => ({ status: healthy ? 200 : 500 });
    const setup = await createTenantSetup(svc.baseUrl);
    const creds = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/cli') });

    const ping = await run('webhook:ping', '--id', creds.id, '--json');
    expect(ping.code).to.equal(0);
    expect(ping.json()).to.include({ event: 'webhook.ping', delivered: false, statusCode: 500, error: 'HTTP 500' });

    await emitEvents(svc.database.knex, [invoiceEvent(setup.tenantId, setup.branchId)]);
    type Listed = { id: string; event: string; attempts: unknown[] };
    const deadline = Date.now() + 10_000;
    let eventDead: Listed[] = [];
    while (eventDead.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      const dead = (
        await run('webhook:deliveries', '--id', creds.id, '--status', 'DEAD', '--limit', '5', '--json')
      ).json();
      eventDead = (dead as Listed[]).filter((d) => d.event !== 'webhook.ping');
    }
    expect(eventDead).to.have.length(1);
    expect(eventDead[0]!.attempts).to.have.length(6);

    healthy = true;
    const resumed = await run('webhook:resume', '--id', creds.id, '--replay-dead-letters', 'true', '--json');
    expect(resumed.code).to.equal(0);
    expect(resumed.json()).to.deep.include({ requeued: 0, replayed: 1 });
    await receiver.waitFor(
      () => receiver.received.filter((r) => r.headers['x-pos-event'] !== 'webhook.ping').length === 7,
    );

    const delivered = async () =>
      (await run('webhook:deliveries', '--id', creds.id, '--status', 'DELIVERED', '--json')).json() as Listed[];
    const until = Date.now() + 10_000;
    while ((await delivered()).length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const replay = await run('delivery:replay', '--id', eventDead[0]!.id, '--json');
    expect(replay.code).to.equal(0);
    expect(replay.json()).to.include({ id: eventDead[0]!.id, status: 'PENDING' });
  });

  it('reports refusals and usage errors', async () => {
    const bad = await run('webhook:deliveries', '--id', '99999999-9999-4999-8999-999999999999', '--status', 'LOST');
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain('Allowed choices are PENDING, IN_FLIGHT, RETRYING, DELIVERED, DEAD, HELD.');
    const missing = await run('webhook:resume', '--id', '99999999-9999-4999-8999-999999999999');
    expect(missing.err).to.equal('NOT_FOUND: Integration not found');
    const unknown = await run('delivery:replay', '--id', '99999999-9999-4999-8999-999999999999');
    expect(unknown.err).to.equal('NOT_FOUND: Webhook delivery not found');
    expect((await run('webhook:ping')).code).to.equal(2);
    expect((await run('webhook:deliveries', '--id', 'x')).err).to.contain(
      'Invalid id parameter. Must be a valid UUID.',
    );
  });
});
