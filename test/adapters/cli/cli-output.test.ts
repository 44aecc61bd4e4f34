import { expect } from 'chai';
import { COMMANDS } from '../../../src/adapters/cli/admin-cli.js';
import { cliFor, type CliRun } from '../../support/cli.js';
import type { ExternalHarness } from '../../support/external-harness.js';
import { callerFor, seedStock, startInventoryHarness } from '../../support/inventory.js';
import { createCustomer, createIntegration, createProduct, createTenantSetup } from '../../support/mothers.js';
import { call, startTestService, type TestService } from '../../support/service.js';

/** The admin API's `data` for a GET below /api/v1/admin. */
async function apiData(svc: TestService, path: string): Promise<unknown> {
  const r = await call(svc.baseUrl, 'GET', `/api/v1/admin${path}`);
  expect(r.status, JSON.stringify(r.body)).to.equal(200);
  return r.body.data;
}

describe('admin command-line tool: output and usage', () => {
  let svc: TestService;
  let h: ExternalHarness;
  let run: (...argv: string[]) => Promise<CliRun>;
  /** Each list command's arguments and the admin API path of the same query. */
  let lists: { argv: string[]; path: string }[];

  before(async () => {
    svc = await startTestService();
    h = await startInventoryHarness(svc);
    run = cliFor(svc);
    const s = await createTenantSetup(svc.baseUrl, 'CLI output');
    expect(
      (
        await run(
          'staff:create',
          '--email',
          'cli@example.com',
          '--name',
          'Cli',
          '--role',
          'VIEWER',
          '--password',
          'correct horse battery staple',
        )
      ).code,
    ).to.equal(0);
    const productId = (await createProduct(svc.baseUrl, s.tenantId, { name: 'Mug', sku: 'MUG', price: 5 })).id;
    await seedStock(svc, h, callerFor(s), s.warehouseId, [{ productId, quantity: 3 }]);
    await seedStock(svc, h, callerFor(s), s.warehouseId, [{ productId, quantity: 2 }]);
    // One request left waiting, for the approvals inbox.
    const pending = await h.call(callerFor(s), 'POST', '/products/adjust', {
      warehouseId: s.warehouseId,
      reason: 'Count',
      items: [{ productId, quantity: 1, type: 'STOCK_IN' }],
    });
    expect(pending.status).to.equal(201);
    // Nothing listens on port 9: the ping is recorded as a failed delivery.
    const integration = await createIntegration(svc.baseUrl, s, { webhookUrl: 'http://127.0.0.1:9/hook' });
    expect((await run('webhook:ping', '--id', integration.id)).code).to.equal(0);
    // An invoice with a payment (recorded by the tool) and a refund.
    const customer = await createCustomer(svc.baseUrl, s.tenantId);
    const invoice = await h.call(callerFor(s), 'POST', '/billing/invoices', {
      customerId: customer.id,
      paymentMethod: 'CASH',
      items: [{ productId, quantity: 2, unitPrice: 5 }],
    });
    const invoiceId: string = invoice.body.data.id;
    expect((await run('payment:record', '--invoice', invoiceId, '--amount', '4', '--method', 'CASH')).code).to.equal(0);
    const refund = await h.call(callerFor(s), 'POST', '/billing/refunds', { invoiceId, amount: 1, reason: 'Rounding' });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(201);
    lists = [
      { argv: ['invoice:payments', '--id', invoiceId], path: `/invoices/${invoiceId}/payments` },
      { argv: ['invoice:refunds', '--id', invoiceId], path: `/invoices/${invoiceId}/refunds` },
      { argv: ['integration:list', '--tenant', s.tenantId], path: `/tenants/${s.tenantId}/integrations` },
      {
        argv: ['adjustment:list', '--tenant', s.tenantId, '--status', 'APPROVED', '--limit', '1', '--page', '2'],
        path: `/tenants/${s.tenantId}/stock-adjustments?status=APPROVED&limit=1&page=2`,
      },
      {
        argv: ['ledger:list', '--tenant', s.tenantId, '--product', productId],
        path: `/tenants/${s.tenantId}/products/${productId}/ledger`,
      },
      { argv: ['webhook:deliveries', '--id', integration.id], path: `/integrations/${integration.id}/deliveries` },
      {
        argv: ['integration:list-all', '--tenant', s.tenantId, '--paused', 'false'],
        path: `/integrations?tenantId=${s.tenantId}&paused=false`,
      },
      { argv: ['delivery:list', '--event', 'webhook.ping'], path: '/deliveries?event=webhook.ping' },
      { argv: ['staff:list'], path: '/staff' },
      { argv: ['approvals:list', '--tenant', s.tenantId], path: `/approvals?tenantId=${s.tenantId}` },
      { argv: ['audit:list', '--action', 'tenant.create'], path: '/audit?action=tenant.create' },
    ];
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  it('has a command for every list it prints as a table', () => {
    const listCommands = COMMANDS.filter((c) => c.columns).map((c) => c.name);
    expect(lists.map((l) => l.argv[0])).to.have.members(listCommands);
  });

  it("prints with --json exactly the admin API's data for the same query", async () => {
    for (const { argv, path } of lists) {
      const r = await run(...argv, '--json');
      expect(r.code, r.err).to.equal(0);
      const data = await apiData(svc, path);
      expect(data, argv[0]).to.be.an('array').that.is.not.empty;
      expect(r.json(), argv[0]).to.deep.equal(data);
    }
  });

  it('prints every list as one table shape: header of fields, a line per item, a count footer', async () => {
    for (const { argv } of lists) {
      const command = COMMANDS.find((c) => c.name === argv[0])!;
      const items = (await run(...argv, '--json')).json() as Record<string, unknown>[];
      const r = await run(...argv);
      expect(r.code, r.err).to.equal(0);
      const lines = r.out.split('\n');
      expect(lines[0]!.split(/\s{2,}/), argv[0]).to.deep.equal([...command.columns!]);
      expect(lines, argv[0]).to.have.length(items.length + 2);
      items.forEach((item, i) => {
        expect(lines[i + 1]!.split(/\s{2,}/)[0], argv[0]).to.equal(String(item[command.columns![0]!]));
      });
      expect(lines.at(-1), argv[0]).to.match(/^\d+ (of \d+ \(page \d+, limit \d+\)|in all)$/);
    }
    const page = (await run(...lists.find((l) => l.argv[0] === 'adjustment:list')!.argv)).out.split('\n');
    expect(page.at(-1)).to.equal('1 of 2 (page 2, limit 1)');
  });

  it("answers a missing flag with that command's usage only, exit 2", async () => {
    const r = await run('warehouse:create', '--tenant', '99999999-9999-4999-8999-999999999999');
    expect(r.code).to.equal(2);
    expect(r.out).to.equal('');
    expect(r.err).to.contain("required option '--branch <branch>' not specified");
    expect(r.err).to.contain('Usage: npm run admin -- warehouse:create [options]');
    expect(r.err).to.contain('--name <name>');
    for (const other of ['tenant:create', 'branch:create', 'integration:create', 'Commands:']) {
      expect(r.err).to.not.contain(other);
    }
  });

  it("answers input the admin API's schemas refuse with its message and that command's usage, exit 2", async () => {
    const r = await run('branch:create', '--tenant', 'nope', '--name', 'HQ', '--code', 'HQ');
    expect(r.code).to.equal(2);
    expect(r.err.split('\n')[0]).to.equal('VALIDATION_ERROR: Invalid tenantId parameter. Must be a valid UUID.');
    expect(r.err).to.contain('Usage: npm run admin -- branch:create [options]');
    expect(r.err).to.not.contain('warehouse:create');
  });

  it('prints one object as field/value lines for people', async () => {
    const r = await run('tenant:create', '--name', 'Shown');
    expect(r.code, r.err).to.equal(0);
    const [id, name] = r.out.split('\n');
    expect(id).to.match(/^id\s{2,}[0-9a-f-]{36}$/);
    expect(name).to.match(/^name\s{2,}Shown$/);
  });
});
