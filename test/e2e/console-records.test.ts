import { existsSync } from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, ensureConsoleBuilt, launchChromium, noFindings, watchPage } from '../support/console.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, type BillingTenant } from '../support/mothers.js';
import { createStaff } from '../support/staff.js';

describe('e2e: the console shows a tenant’s products, customers and invoices (headless Chromium)', function () {
  this.timeout(600_000);
  let h: ServiceHarness;
  let browser: Browser;
  let t: BillingTenant;
  let billNumber: string;
  const findings = noFindings();

  const ok = (r: { status: number; body: any }, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201]);
    return r.body.data;
  };

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
      console.log(`      skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
      this.skip();
    }
    ensureConsoleBuilt();
    h = await startServiceHarness();
    t = await createBillingTenant(h.svc.baseUrl, 'Alpha');
    const adjustment = ok(
      await h.external(t.caller, 'POST', '/products/adjust', {
        warehouseId: t.warehouseId,
        reason: 'Count',
        items: [{ productId: t.productIds[0], quantity: 12, type: 'STOCK_IN' }],
      }),
      'adjustment',
    );
    ok(await h.admin('POST', `/stock-adjustments/${adjustment.id}/approve`), 'approval');
    ok(
      await h.external(t.caller, 'POST', '/products/reserve', {
        warehouseId: t.warehouseId,
        items: [{ productId: t.productIds[0], quantity: 5 }],
      }),
      'reservation',
    );
    billNumber = ok(
      await h.external(t.caller, 'POST', '/billing/invoices', {
        customerId: t.customerId,
        paymentMethod: 'CREDIT',
        items: [{ productId: t.productIds[1], quantity: 2, unitPrice: 50 }],
      }),
      'invoice',
    ).billNumber;
    await createStaff(h.svc.baseUrl, { email: 'viewer@alpha.example', role: 'VIEWER', tenantIds: [t.tenantId] });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await h?.stop();
  });

  async function signedIn(email: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchPage(page, h.svc.baseUrl, findings);
    await page.goto(`${h.svc.baseUrl}/console`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals' }).first().waitFor();
    return page;
  }

  it('products: from the tenant’s page, a product with its on hand, reserved and available stock', async () => {
    const page = await signedIn('viewer@alpha.example');
    // From the menu, the page asks for a tenant first.
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.getByLabel('Tenant').waitFor();
    await page.getByRole('menuitem', { name: 'Tenants' }).click();
    await page.getByRole('cell', { name: 'Alpha' }).click();
    await page.getByRole('link', { name: 'Products' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'MUG', exact: true }) });
    await row.getByRole('cell', { name: '12', exact: true }).waitFor();
    await row.getByRole('button', { name: 'Show Stock of Mug' }).click();
    const stock = page.getByRole('table', { name: 'Stock of Mug' });
    const cells = await stock.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells).to.deep.equal(['Main', '12', '5', '7']);
    await page.context().close();
  });

  it('customers and invoices: listed for the tenant, an invoice opens its lines', async () => {
    const page = await signedIn('viewer@alpha.example');
    await page.getByRole('menuitem', { name: 'Tenants' }).click();
    await page.getByRole('cell', { name: 'Alpha' }).click();
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('cell', { name: 'Ann', exact: true }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('cell', { name: billNumber, exact: true }).waitFor();
    await page.getByRole('button', { name: `Show Detail of ${billNumber}` }).click();
    await page.getByRole('table', { name: `Lines of ${billNumber}` }).waitFor();
    await page.context().close();
  });

  it('no request left the service’s origin, no CSP violation, no page error', () => {
    expect(findings, 'requests elsewhere, CSP violations, page errors').to.deep.equal(noFindings());
  });
});
