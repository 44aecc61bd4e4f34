import { expect } from 'chai';
import type { BackOfficeUseCases } from '../../../src/application/back-office.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { runAdminCli } from '../../../src/adapters/cli/admin-cli.js';
import type { ExternalHarness } from '../../support/external-harness.js';
import { callerFor, startInventoryHarness } from '../../support/inventory.js';
import { createProduct, createTenantSetup, type TenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: stock adjustments and ledger', () => {
  let svc: TestService;
  let h: ExternalHarness;
  let uc: BackOfficeUseCases;
  let s: TenantSetup;
  let productId: string;

  before(async () => {
    svc = await startTestService();
    h = await startInventoryHarness(svc);
    uc = svc.container.get<BackOfficeUseCases>(TOKENS.BackOfficeUseCases);
    s = await createTenantSetup(svc.baseUrl, 'CLI');
    productId = (await createProduct(svc.baseUrl, s.tenantId, { name: 'Mug', sku: 'MUG', price: 5 })).id;
  });
  after(async () => {
    await h.stop();
    await svc.stop();
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(argv, uc, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

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
    const listed = await run('adjustment:list', '--tenant', s.tenantId, '--status', 'PENDING');
    expect(listed.code, listed.err).to.equal(0);
    expect(JSON.parse(listed.out).items.map((i: { id: string }) => i.id)).to.deep.equal([id]);

    const approved = await run('adjustment:approve', '--id', id, '--by', 'alice');
    expect(approved.code, approved.err).to.equal(0);
    expect(JSON.parse(approved.out)).to.include({ id, status: 'APPROVED', decidedBy: 'alice' });

    const ledger = await run('ledger:list', '--tenant', s.tenantId, '--product', productId, '--limit', '5');
    expect(ledger.code, ledger.err).to.equal(0);
    const page = JSON.parse(ledger.out);
    expect(page).to.include({ total: 1, page: 1, limit: 5 });
    expect(page.items[0]).to.include({ quantity: 4, balanceAfter: 4, adjustmentRequestId: id, approvedBy: 'alice' });

    const again = await run('adjustment:approve', '--id', id);
    expect(again.code).to.equal(1);
    expect(again.err).to.equal('INVALID_STATE: Stock adjustment request is not pending');
  });

  it('rejects with a reason (required), defaulting the actor to the OS user', async () => {
    const id = await requestIn(1);
    const missing = await run('adjustment:reject', '--id', id);
    expect(missing.code).to.equal(2);
    expect(missing.err).to.contain('--reason is required');
    const rejected = await run('adjustment:reject', '--id', id, '--reason', 'Wrong warehouse');
    expect(rejected.code, rejected.err).to.equal(0);
    const out = JSON.parse(rejected.out);
    expect(out).to.include({ status: 'REJECTED', rejectionReason: 'Wrong warehouse' });
    expect(out.decidedBy).to.match(/^cli/);
    const row = await svc.database.knex('stock_adjustment_requests').where({ id }).first();
    expect(row.status).to.equal('REJECTED');
  });

  it('explains bad flags with exit 2', async () => {
    expect((await run('ledger:list', '--tenant', s.tenantId, '--product', productId, '--limit', '101')).err).to.contain(
      '--limit must be an integer from 1 to 100',
    );
    expect((await run('adjustment:list', '--tenant', s.tenantId, '--status', 'DONE')).err).to.contain(
      '--status must be one of PENDING, APPROVED, REJECTED',
    );
    expect((await run('adjustment:approve', '--id', 'nope')).code).to.equal(2);
  });
});
