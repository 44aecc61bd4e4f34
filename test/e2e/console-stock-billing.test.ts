import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, ensureConsoleBuilt, launchChromium, noFindings, watchPage } from '../support/console.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, createProduct, type BillingTenant } from '../support/mothers.js';
import { createStaff, PASSWORD } from '../support/staff.js';

/** Screenshots of the pages, kept as test artifacts (dist/ is not committed). */
const ARTIFACTS =
  process.env.CONSOLE_ARTIFACTS ?? resolve(fileURLToPath(import.meta.url), '../../../dist/test-artifacts/console');

describe('e2e: the console’s stock, billing and shipment pages (headless Chromium)', function () {
  this.timeout(600_000);
  let h: ServiceHarness;
  let browser: Browser;
  let t: BillingTenant;
  let beans: string;
  let reservationNumber: string;
  let invoice: { id: string; billNumber: string };
  let paymentNumber: string;
  let shipmentNumber: string;
  const findings = noFindings();

  const ok = (r: { status: number; body: any }, what: string) => {
    expect(r.status, `${what}: ${JSON.stringify(r.body)}`).to.be.oneOf([200, 201]);
    return r.body.data;
  };
  const key = (id: string) => `${t.tenantId}:${id}`;

  /** 12 beans in, a reservation of 4 committed (8 on hand), a reservation of 2 held. */
  async function stock(): Promise<void> {
    beans = (
      await createProduct(h.svc.baseUrl, t.tenantId, { name: 'Espresso beans', sku: 'ESP', price: 20, minStock: 5 })
    ).id;
    const adjustment = ok(
      await h.external(t.caller, 'POST', '/products/adjust', {
        warehouseId: t.warehouseId,
        reason: 'Count',
        items: [{ productId: beans, quantity: 12, type: 'STOCK_IN' }],
      }),
      'adjustment',
    );
    ok(await h.admin('POST', `/stock-adjustments/${adjustment.id}/approve`), 'approval');
    const reserve = async (quantity: number) =>
      ok(
        await h.external(t.caller, 'POST', '/products/reserve', {
          warehouseId: t.warehouseId,
          items: [{ productId: beans, quantity }],
        }),
        'reservation',
      );
    const committed = await reserve(4);
    ok(await h.external(t.caller, 'POST', `/products/reservations/${committed.id}/commit`, {}), 'commit');
    reservationNumber = (await reserve(2)).reservationNumber;
  }

  /** An invoice with a payment, and a shipment of it the carrier picked up. */
  async function billing(): Promise<void> {
    invoice = ok(
      await h.external(t.caller, 'POST', '/billing/invoices', {
        customerId: t.customerId,
        paymentMethod: 'CREDIT',
        items: [{ productId: beans, quantity: 2, unitPrice: 20 }],
      }),
      'invoice',
    );
    paymentNumber = ok(
      await h.external(t.caller, 'POST', `/billing/invoices/${invoice.id}/payments`, { amount: 15, method: 'CARD' }),
      'payment',
    ).paymentNumber;
    const shipment = ok(
      await h.external(t.caller, 'POST', '/logistics/shipments', {
        invoiceId: invoice.id,
        weightKg: 1,
        recipient: {
          name: 'Ann Example',
          phone: '+49 30 123456',
          address: { line1: 'Invalidenstr. 1', city: 'Berlin', country: 'DE' },
        },
      }),
      'shipment',
    );
    shipmentNumber = shipment.shipmentNumber;
    ok(
      await h.admin('POST', `/shipments/${shipment.id}/events`, { status: 'PICKED_UP', location: 'Berlin hub' }),
      'carrier event',
    );
  }

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
      console.log(`      skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
      this.skip();
    }
    ensureConsoleBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await startServiceHarness();
    t = await createBillingTenant(h.svc.baseUrl, 'Alpha');
    await stock();
    await billing();
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
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals' }).first().waitFor();
    return page;
  }

  it('stock: the tenant’s reservations list a held reservation, whose page names its product', async () => {
    const page = await signedIn('viewer@alpha.example');
    await page.getByRole('menuitem', { name: 'Tenants' }).click();
    await page.getByRole('cell', { name: 'Alpha' }).click();
    await page.getByRole('link', { name: 'Reservations' }).click();
    const row = page.getByRole('row').filter({ hasText: reservationNumber });
    await row.getByRole('cell', { name: 'ACTIVE', exact: true }).waitFor();
    expect(await row.getByRole('cell', { name: 'Main', exact: true }).count()).to.equal(1);
    // Narrowed to what reads COMMITTED now, the held one is gone.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'COMMITTED' }).click();
    await page.getByRole('row').filter({ hasText: reservationNumber }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: 'COMMITTED' }).count()).to.equal(1);
    await page.screenshot({ path: join(ARTIFACTS, 'reservations.png'), fullPage: true });

    await page.goto(
      `${h.svc.baseUrl}/console/reservations?filter=${encodeURIComponent(JSON.stringify({ tenantId: t.tenantId }))}`,
    );
    await page.getByRole('row').filter({ hasText: reservationNumber }).getByRole('link', { name: 'Open' }).click();
    const items = page.getByRole('table', { name: `Items of reservation ${reservationNumber}` });
    await items.getByRole('cell', { name: 'Espresso beans (ESP)' }).waitFor();
    expect(await items.getByRole('row').nth(1).getByRole('cell').allTextContents()).to.deep.equal([
      'Espresso beans (ESP)',
      '2',
    ]);
    await page.screenshot({ path: join(ARTIFACTS, 'reservation.png'), fullPage: true });
    await page.context().close();
  });

  it('a product’s page draws its stock on hand against its minimum, with its ledger', async () => {
    const page = await signedIn('viewer@alpha.example');
    await page.goto(`${h.svc.baseUrl}/console/products/${encodeURIComponent(key(beans))}/show`);
    const chart = page.getByRole('figure', { name: /Stock on hand against the minimum/ });
    await chart
      .locator('[data-chart-summary]')
      .filter({ hasText: 'On hand now 8, above the minimum of 5. Over the last 2 movements: lowest 8' })
      .waitFor();
    await chart.locator('svg path.recharts-line-curve').first().waitFor();
    expect(await chart.locator('svg .recharts-reference-line').count()).to.equal(1);
    const ledger = page.getByRole('region', { name: 'Stock ledger' });
    await ledger.getByRole('cell', { name: 'Reservation committed' }).waitFor();
    expect(await ledger.getByRole('cell', { name: 'Adjustment in' }).count()).to.equal(1);
    const stock = page.getByRole('table', { name: 'Stock of Espresso beans' });
    expect(await stock.getByRole('row').nth(1).getByRole('cell').allTextContents()).to.deep.equal([
      'Main',
      '8',
      '2',
      '6',
    ]);
    await page.screenshot({ path: join(ARTIFACTS, 'product-stock-chart.png'), fullPage: true });
    await page.context().close();
  });

  it('billing: an invoice’s page shows its payment, and the payments list links back to it', async () => {
    const page = await signedIn('viewer@alpha.example');
    await page.goto(
      `${h.svc.baseUrl}/console/invoices?filter=${encodeURIComponent(JSON.stringify({ tenantId: t.tenantId }))}`,
    );
    await page.getByRole('row').filter({ hasText: invoice.billNumber }).getByRole('link', { name: 'Open' }).click();
    const payments = page.getByRole('region', { name: 'Payments' });
    const payment = payments.getByRole('row').filter({ hasText: paymentNumber });
    await payment.waitFor();
    expect(await payment.getByRole('cell').allTextContents()).to.include.members([paymentNumber, '15', 'CARD']);
    await page
      .getByRole('table', { name: `Lines of ${invoice.billNumber}` })
      .getByText('Espresso beans (ESP)')
      .waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'invoice.png'), fullPage: true });

    await page.goto(
      `${h.svc.baseUrl}/console/payments?filter=${encodeURIComponent(JSON.stringify({ tenantId: t.tenantId }))}`,
    );
    const listed = page.getByRole('row').filter({ hasText: paymentNumber });
    await listed.getByRole('link', { name: invoice.billNumber }).click();
    await page.getByRole('region', { name: 'Payments' }).getByRole('cell', { name: paymentNumber }).waitFor();
    await page.context().close();
  });

  it('shipments: listed for the tenant, a shipment’s page shows its tracking history', async () => {
    const page = await signedIn('viewer@alpha.example');
    await page.goto(
      `${h.svc.baseUrl}/console/shipments?filter=${encodeURIComponent(JSON.stringify({ tenantId: t.tenantId }))}`,
    );
    const row = page.getByRole('row').filter({ hasText: shipmentNumber });
    await row.getByRole('cell', { name: 'PICKED_UP', exact: true }).waitFor();
    await row.getByRole('link', { name: 'Open' }).click();
    const tracking = page.getByRole('table', { name: `Tracking of ${shipmentNumber}` });
    await tracking.getByRole('cell', { name: 'Berlin hub' }).waitFor();
    const statuses = await tracking.locator('tbody tr td:first-child').allTextContents();
    expect(statuses).to.deep.equal(['BOOKED', 'PICKED_UP']);
    await page.screenshot({ path: join(ARTIFACTS, 'shipment.png'), fullPage: true });
    await page.context().close();
  });

  it('no request left the service’s origin, no CSP violation, no page error', () => {
    expect(findings, 'requests elsewhere, CSP violations, page errors').to.deep.equal(noFindings());
  });
});
