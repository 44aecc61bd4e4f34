import { expect } from 'chai';
import { cliFor, type CliRun } from '../../support/cli.js';
import { createTenantSetup, type TenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: products with the roadmap fields, purchase orders, typed ledger', () => {
  let svc: TestService;
  let run: (...argv: string[]) => Promise<CliRun>;
  let s: TenantSetup;

  before(async () => {
    svc = await startTestService();
    run = cliFor(svc);
    s = await createTenantSetup(svc.baseUrl, 'CLI PO');
  });
  after(async () => {
    await svc.stop();
  });

  it('creates a product with unit, tax rate and barcode, places a purchase order and cancels it', async () => {
    const product = await run(
      'product:create',
      '--tenant',
      s.tenantId,
      '--name',
      'Oat milk',
      '--sku',
      'OAT-1',
      '--price',
      '2.2',
      '--unit',
      'l',
      '--tax-rate',
      '7',
      '--barcode',
      '4001',
      '--json',
    );
    expect(product.code, product.err).to.equal(0);
    const p = product.json();
    expect(p).to.include({ slug: 'oat-milk', unit: 'l', taxRate: 7, barcode: '4001' });

    const placed = await run(
      'purchase-order:create',
      '--tenant',
      s.tenantId,
      '--supplier',
      'Dairy Co',
      '--warehouse',
      s.warehouseId,
      '--items',
      `${p.id}:12:1.1`,
      '--expected-on',
      '2026-12-24',
      '--fiscal-year',
      s.fiscalYearId,
      '--json',
    );
    expect(placed.code, placed.err).to.equal(0);
    const po = placed.json();
    expect(po.poNumber).to.match(/^PO-2026-\d{6}$/);
    expect(po).to.deep.include({
      status: 'OPEN',
      supplierName: 'Dairy Co',
      expectedOn: '2026-12-24',
      items: [{ productId: p.id, orderedQuantity: 12, receivedQuantity: 0, unitCost: 1.1 }],
    });

    const cancelled = await run('purchase-order:cancel', '--id', po.id, '--reason', 'Not needed', '--json');
    expect(cancelled.code, cancelled.err).to.equal(0);
    // The command line acts as the bootstrap token.
    expect(cancelled.json()).to.include({ status: 'CANCELLED', cancelReason: 'Not needed', cancelledBy: 'bootstrap' });
    const again = await run('purchase-order:cancel', '--id', po.id);
    expect(again.code).to.equal(1);
    expect(again.err).to.equal('INVALID_STATE: Cannot cancel a purchase order in status CANCELLED');
  });

  it('refuses bad rows through the admin API schema, and the ledger lists types and source documents', async () => {
    const bad = await run(
      'purchase-order:create',
      '--tenant',
      s.tenantId,
      '--supplier',
      'X',
      '--warehouse',
      s.warehouseId,
      '--items',
      '00000000-0000-4000-8000-000000000001:abc:1',
    );
    expect(bad.code).to.equal(2);
    expect(bad.err).to.match(/^VALIDATION_ERROR: Row 1: Items quantity/);

    const p = (
      await run('product:create', '--tenant', s.tenantId, '--name', 'Tea', '--sku', 'TEA', '--price', '1', '--json')
    ).json();
    const placed = (
      await run(
        'purchase-order:create',
        '--tenant',
        s.tenantId,
        '--supplier',
        'Leaf',
        '--warehouse',
        s.warehouseId,
        '--items',
        `${p.id}:3:0.5`,
        '--fiscal-year',
        s.fiscalYearId,
        '--json',
      )
    ).json();
    const ledger = await run('ledger:list', '--tenant', s.tenantId, '--product', p.id);
    expect(ledger.code, ledger.err).to.equal(0);
    expect(ledger.out.split('\n')[0]).to.match(
      /^createdAt\s+type\s+warehouseId\s+quantity\s+balanceAfter\s+sourceNumber\s+sourceId/,
    );
    expect(placed.status).to.equal('OPEN');
  });
});
