import { expect } from 'chai';
import type { BackOfficeUseCases } from '../../../src/application/back-office.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { runAdminCli } from '../../../src/adapters/cli/admin-cli.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';
import { WebhookReceiver, emitEvents, invoiceEvent } from '../../support/webhook-receiver.js';

describe('admin command-line tool: webhooks', () => {
  let svc: TestService;
  let uc: BackOfficeUseCases;
  let receiver: WebhookReceiver;
  before(async () => {
    receiver = await new WebhookReceiver().start();
    svc = await startTestService({ webhookRetrySchedule: [50, 50, 50, 50, 50] }, { mode: 'all' });
    uc = svc.container.get<BackOfficeUseCases>(TOKENS.BackOfficeUseCases);
  });
  after(async () => {
    await svc.stop();
    await receiver.stop();
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(argv, uc, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n'), json: () => JSON.parse(out.join('\n')) };
  }

  it('pings, lists deliveries, resumes a paused endpoint with its dead letters, and replays one', async () => {
    let healthy = false;
    receiver.respond = () => ({ status: healthy ? 200 : 500 });
    const setup = await createTenantSetup(svc.baseUrl);
    const creds = await createIntegration(svc.baseUrl, setup, { webhookUrl: receiver.url('/cli') });

    const ping = await run('webhook:ping', '--id', creds.id);
    expect(ping.code).to.equal(0);
    expect(ping.json()).to.include({ event: 'webhook.ping', delivered: false, statusCode: 500, error: 'HTTP 500' });

    await emitEvents(svc.database.knex, [invoiceEvent(setup.tenantId, setup.branchId)]);
    type Listed = { id: string; event: string; attempts: unknown[] };
    const deadline = Date.now() + 10_000;
    let eventDead: Listed[] = [];
    while (eventDead.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      const dead = (await run('webhook:deliveries', '--id', creds.id, '--status', 'DEAD', '--limit', '5')).json();
      eventDead = (dead.data as Listed[]).filter((d) => d.event !== 'webhook.ping');
    }
    expect(eventDead).to.have.length(1);
    expect(eventDead[0]!.attempts).to.have.length(6);

    healthy = true;
    const resumed = await run('webhook:resume', '--id', creds.id, '--replay-dead-letters', 'true');
    expect(resumed.code).to.equal(0);
    expect(resumed.json()).to.deep.include({ requeued: 0, replayed: 1 });
    await receiver.waitFor(
      () => receiver.received.filter((r) => r.headers['x-pos-event'] !== 'webhook.ping').length === 7,
    );

    const delivered = async () => (await run('webhook:deliveries', '--id', creds.id, '--status', 'DELIVERED')).json();
    while ((await delivered()).data.length === 0) await new Promise((r) => setTimeout(r, 50));
    const replay = await run('delivery:replay', '--id', eventDead[0]!.id);
    expect(replay.code).to.equal(0);
    expect(replay.json()).to.include({ id: eventDead[0]!.id, status: 'PENDING' });
  });

  it('reports refusals and usage errors', async () => {
    const bad = await run('webhook:deliveries', '--id', '99999999-9999-4999-8999-999999999999', '--status', 'LOST');
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain('--status must be one of PENDING, IN_FLIGHT, RETRYING, DELIVERED, DEAD, HELD');
    const missing = await run('webhook:resume', '--id', '99999999-9999-4999-8999-999999999999');
    expect(missing.err).to.equal('NOT_FOUND: Integration not found');
    const unknown = await run('delivery:replay', '--id', '99999999-9999-4999-8999-999999999999');
    expect(unknown.err).to.equal('NOT_FOUND: Webhook delivery not found');
    expect((await run('webhook:ping')).code).to.equal(2);
    expect((await run('webhook:deliveries', '--id', 'x')).err).to.contain('--id must be a UUID');
  });
});
