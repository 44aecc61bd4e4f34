import { expect } from 'chai';
import { cliFor, type CliRun } from '../../support/cli.js';
import type { ExternalHarness } from '../../support/external-harness.js';
import { callerFor, startInventoryHarness } from '../../support/inventory.js';
import { createProduct, createTenantSetup, type TenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: stock adjustments and ledger', () => {
  let svc: TestService;
  let h: ExternalHarness;
  let run: (...argv: string[]) => Promise<CliRun>;
  let s: TenantSetup;
  let productId: string;

  before(async () => {
    svc = await startTestService();
    h = await startInventoryHarness(svc);
    run = cliFor(svc);
    s = await createTenantSetup(svc.baseUrl, 'CLI');
    productId = (await createProduct(svc.baseUrl, s.tenantId, { name: 'Mug', sku: 'MUG', price: 5 })).id;
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  async function requestIn(quantity: number): Promise<string> {
    const r = await h.call(callerFor(s), 'POST', '/products/adjust', {
      warehouseId: s.warehouseId,
      reason: 'Delivery',
      items: [{ productId, quantity, type: 'STOCK_IN' }],
    });
    return r.body.data.id;
  }

  it('lists pending requests, approves one and shows the ledger', async () => {
    const id = await requestIn(4);
    const listed = await run('adjustment:list', '--tenant', s.tenantId, '--status', 'PENDING', '--json');
    expect(listed.code, listed.err).to.equal(0);
    expect(listed.json().map((i: { id: string }) => i.id)).to.deep.equal([id]);

    const approved = await run('adjustment:approve', '--id', id, '--by', 'alice', '--json');
    expect(approved.code, approved.err).to.equal(0);
    expect(approved.json()).to.include({ id, status: 'APPROVED', decidedBy: 'alice' });

    const ledger = await run('ledger:list', '--tenant', s.tenantId, '--product', productId, '--limit', '5');
    expect(ledger.code, ledger.err).to.equal(0);
    expect(ledger.out.split('\n').at(-1)).to.equal('1 of 1 (page 1, limit 5)');
    const entries = (await run('ledger:list', '--tenant', s.tenantId, '--product', productId, '--json')).json();
    expect(entries[0]).to.include({ quantity: 4, balanceAfter: 4, adjustmentRequestId: id, approvedBy: 'alice' });

    const again = await run('adjustment:approve', '--id', id);
    expect(again.code).to.equal(1);
    expect(again.err).to.equal('INVALID_STATE: Stock adjustment request is not pending');
  });

  it('rejects with a reason (required), defaulting the actor to the OS user', async () => {
    const id = await requestIn(1);
    const missing = await run('adjustment:reject', '--id', id);
    expect(missing.code).to.equal(2);
    expect(missing.err).to.contain("required option '--reason <reason>' not specified");
    const rejected = await run('adjustment:reject', '--id', id, '--reason', 'Wrong warehouse', '--json');
    expect(rejected.code, rejected.err).to.equal(0);
    const out = rejected.json();
    expect(out).to.include({ status: 'REJECTED', rejectionReason: 'Wrong warehouse' });
    expect(out.decidedBy).to.match(/^cli/);
    const row = await svc.database.knex('stock_adjustment_requests').where({ id }).first();
    expect(row.status).to.equal('REJECTED');
  });

  it('explains bad flags with exit 2', async () => {
    const tooMany = await run('ledger:list', '--tenant', s.tenantId, '--product', productId, '--limit', '101');
    expect(tooMany.code).to.equal(2);
    expect(tooMany.err).to.match(/^VALIDATION_ERROR: limit /);
    const status = await run('adjustment:list', '--tenant', s.tenantId, '--status', 'DONE');
    expect(status.code).to.equal(2);
    expect(status.err).to.contain("argument 'DONE' is invalid. Allowed choices are PENDING, APPROVED, REJECTED.");
    expect((await run('adjustment:approve', '--id', 'nope')).code).to.equal(2);
  });
});
