import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import {
  CHROMIUM,
  ensureConsoleBuilt,
  launchChromium,
  noFindings,
  watchPage,
  type PageFindings,
} from '../support/console.js';
import { clientFor, createProduct, createTenantSetup, type Credentials, type TenantSetup } from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { createStaff, PASSWORD } from '../support/staff.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/** Screenshots of the pages with charts, kept as test artifacts (dist/ is not committed). */
const ARTIFACTS =
  process.env.CONSOLE_ARTIFACTS ?? resolve(fileURLToPath(import.meta.url), '../../../dist/test-artifacts/console');

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('e2e: the console’s charts, usage and inbox details in a real browser (headless Chromium)', function () {
  this.timeout(600_000);
  let svc: TestService;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let alpha: TenantSetup;
  let shop: Credentials;
  let productId: string;
  const findings: PageFindings = noFindings();
  const today = () => new Date().toISOString().slice(0, 10);

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
      console.log(`      skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
      this.skip();
    }
    ensureConsoleBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    receiver = await new WebhookReceiver().start();
    svc = await startTestService({}, { mode: 'all' });
    alpha = await createTenantSetup(svc.baseUrl, 'Alpha');
    productId = (await createProduct(svc.baseUrl, alpha.tenantId, { name: 'Espresso beans', sku: 'ESP', price: 20 }))
      .id;
    const made = await call(svc.baseUrl, 'POST', '/api/v1/admin/integrations', {
      body: {
        tenantId: alpha.tenantId,
        branchId: alpha.branchId,
        fiscalYearId: alpha.fiscalYearId,
        role: 'ADMIN',
        clientName: 'Web shop',
        webhookUrl: receiver.url('/hook'),
      },
    });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    shop = made.body.data;
    const plan = await call(svc.baseUrl, 'PUT', `/api/v1/admin/tenants/${alpha.tenantId}/plan`, {
      body: { tier: 'T1K', overagePricePerCall: 0.002, overagePolicy: 'BILL' },
    });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(200);
    await createStaff(svc.baseUrl, { email: 'admin@example.com', role: 'ADMIN' });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
    await receiver?.stop();
  });

  async function signedIn(email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await watchPage(page, svc.baseUrl, findings);
    await page.goto(`${svc.baseUrl}/console`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals' }).first().waitFor();
    return page;
  }

  /** A PENDING adjustment an integration asks for; its number. */
  async function pendingAdjustment(quantity: number): Promise<string> {
    const r = await clientFor(svc.baseUrl, shop).request<{ data: { number: string } }>('POST', '/products/adjust', {
      warehouseId: alpha.warehouseId,
      reason: 'Stocktake',
      items: [{ productId, quantity, type: 'STOCK_IN' }],
    });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    return r.body.data.number;
  }

  it('a tenant’s Usage tab: its plan, this month’s calls and a chart with today’s requests per integration', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await clientFor(svc.baseUrl, shop).request('GET', '/products');
      expect(res.status).to.equal(200);
    }
    // The counts are written within a second of the calls.
    await until(async () => {
      const days = (await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${alpha.tenantId}/usage/daily?days=1`)).body
        .data as { requests: number }[];
      return days.some((d) => d.requests >= 3);
    }, 'the day’s requests');

    const page = await signedIn('admin@example.com');
    await page.goto(`${svc.baseUrl}/console/tenants/${alpha.tenantId}/show/usage`);
    const chart = page.getByRole('figure', { name: /Requests per day by integration/ });
    await chart.waitFor();
    const summary = chart.locator('[data-chart-summary]');
    await summary.filter({ hasText: `Today (${today()}): 3 requests, 0 refused (429)` }).waitFor();
    expect(await summary.textContent()).to.include('Web shop 3 requests');
    // Drawn: a bar for today, 30 days on the axis, and the integration named in the legend.
    await chart.locator('svg .recharts-bar-rectangle path, svg .recharts-bar-rectangle rect').first().waitFor();
    expect(await chart.locator('.recharts-legend-item-text', { hasText: 'Web shop' }).count()).to.equal(1);
    expect(await chart.locator('.recharts-cartesian-axis-tick').count()).to.be.greaterThan(2);
    // The plan and this month's usage.
    expect(await page.locator('[data-field="tier"]').textContent()).to.equal('T1K');
    expect(await page.locator('[data-field="used"]').textContent()).to.equal('3');
    await page.getByRole('table', { name: 'Usage this month by integration' }).getByText('Web shop').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'tenant-usage.png'), fullPage: true });
    await page.context().close();
  });

  it('an integration’s deliveries page charts the day’s deliveries after a ping, and again after Ping', async () => {
    const ping = await call(svc.baseUrl, 'POST', `/api/v1/admin/integrations/${shop.id}/webhook/ping`);
    expect(ping.status, JSON.stringify(ping.body)).to.equal(200);
    expect(ping.body.data.delivered).to.equal(true);
    expect(receiver.on('/hook').length).to.be.greaterThan(0);

    const page = await signedIn('admin@example.com');
    await page.goto(
      `${svc.baseUrl}/console/deliveries?filter=${encodeURIComponent(JSON.stringify({ integrationId: shop.id }))}`,
    );
    const chart = page.getByRole('figure', { name: /Webhook deliveries per day by outcome/ });
    const summary = chart.locator('[data-chart-summary]');
    await summary.filter({ hasText: `Today (${today()}): 1 delivered, 0 failed, 0 dead; p50 ` }).waitFor();
    await chart.locator('svg .recharts-bar-rectangle path, svg .recharts-bar-rectangle rect').first().waitFor();
    expect(await chart.locator('.recharts-legend-item-text', { hasText: 'p95 latency' }).count()).to.equal(1);
    await page.screenshot({ path: join(ARTIFACTS, 'deliveries-chart.png'), fullPage: true });

    // The page's Ping refreshes the list and the chart with it.
    await page.getByRole('button', { name: 'Ping', exact: true }).click();
    await page.getByText(/Ping delivered/).waitFor();
    await summary.filter({ hasText: `Today (${today()}): 2 delivered` }).waitFor();
    await page.context().close();
  });

  it('the inbox opens an adjustment to its items: product name, quantity, on hand and available', async () => {
    const number = await pendingAdjustment(4);
    const page = await signedIn('admin@example.com');
    const row = page.getByRole('row').filter({ hasText: number });
    await row.getByRole('button', { name: `Show items of ${number}` }).click();
    const items = page.getByRole('table', { name: `Items of ${number}` });
    const item = items.getByRole('row').filter({ hasText: 'Espresso beans' });
    await item.waitFor();
    expect(await item.getByRole('cell').allTextContents()).to.deep.equal([
      'Espresso beans',
      'ESP',
      'STOCK_IN',
      '4',
      '0',
      '0',
    ]);
    await page.getByText('Asked by Web shop').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'approvals-items.png') });
    await page.context().close();
  });

  it('on a phone-sized screen (390×844): signs in and shows the inbox without overflowing sideways', async () => {
    const number = await pendingAdjustment(1);
    const page = await signedIn('admin@example.com', { width: 390, height: 844 });
    await page.getByRole('row').filter({ hasText: number }).waitFor();
    const overflow = (await page.evaluate(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    )) as [number, number];
    expect(overflow[0], `page width ${overflow[0]} in a ${overflow[1]} px viewport`).to.be.at.most(overflow[1]);
    await page.screenshot({ path: join(ARTIFACTS, 'approvals-phone.png'), fullPage: true });
    await page.context().close();
  });

  it('no request left the service’s origin, no CSP violation, no page error', () => {
    expect(findings.offOrigin, 'requests elsewhere').to.deep.equal([]);
    expect(findings.cspViolations, 'CSP violations').to.deep.equal([]);
    expect(findings.pageErrors, 'page errors').to.deep.equal([]);
  });
});
