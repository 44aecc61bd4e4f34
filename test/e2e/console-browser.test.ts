import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, ensureConsoleBuilt, launchChromium, noFindings, watchPage } from '../support/console.js';
import { until as waitFor } from '../support/processes.js';
import {
  clientFor,
  createIntegration,
  createProduct,
  createTenantSetup,
  type Credentials,
  type TenantSetup,
} from '../support/mothers.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { asStaff, createStaff, signIn, totpCode } from '../support/staff.js';
import { WebhookReceiver, emitEvents, invoiceEvent } from '../support/webhook-receiver.js';

/** Screenshots of the main pages, kept as test artifacts (dist/ is not committed). */
const ARTIFACTS =
  process.env.CONSOLE_ARTIFACTS ?? resolve(fileURLToPath(import.meta.url), '../../../dist/test-artifacts/console');

/** Polls `check` until it holds, or fails after `timeoutMs` naming `what`. */
const until = (check: () => Promise<boolean>, what: string, timeoutMs = 15_000) => waitFor(check, timeoutMs, what);

describe('e2e: the back-office console in a real browser (headless Chromium)', function () {
  this.timeout(600_000);
  let svc: TestService;
  let browser: Browser;
  let receiver: WebhookReceiver;
  let alpha: TenantSetup;
  let beta: TenantSetup;
  let shop: Credentials;
  let failing: Credentials;
  let productId: string;
  let totpSecret: string;
  /** What the pages did that they must not: requests elsewhere, CSP violations, uncaught errors. */
  const findings = noFindings();

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
      console.log(`      skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
      this.skip();
    }
    ensureConsoleBuilt();
    mkdirSync(ARTIFACTS, { recursive: true });
    receiver = await new WebhookReceiver().start();
    let healthy = false;
    receiver.respond = (req) => (req.path === '/dead' && !healthy ? { status: 500 } : { status: 200 });
    svc = await startTestService({ webhookRetrySchedule: [50, 100] }, { mode: 'all' });

    alpha = await createTenantSetup(svc.baseUrl, 'Alpha');
    beta = await createTenantSetup(svc.baseUrl, 'Beta');
    productId = (await createProduct(svc.baseUrl, alpha.tenantId, { name: 'Espresso beans', sku: 'ESP', price: 20 }))
      .id;
    shop = await createIntegration(svc.baseUrl, alpha, { webhookUrl: receiver.url('/hook') });
    failing = await createIntegration(svc.baseUrl, beta, { webhookUrl: receiver.url('/dead') });

    await createStaff(svc.baseUrl, { email: 'admin@example.com', role: 'ADMIN' });
    await createStaff(svc.baseUrl, { email: 'approver@example.com', role: 'APPROVER' });
    await createStaff(svc.baseUrl, { email: 'viewer@example.com', role: 'VIEWER', tenantIds: [alpha.tenantId] });
    await createStaff(svc.baseUrl, { email: 'totp@example.com', role: 'VIEWER' });
    const me = asStaff(svc.baseUrl, (await signIn(svc.baseUrl, 'totp@example.com')).cookie!);
    totpSecret = (await me('POST', '/staff/me/totp')).body.data.secret;
    expect((await me('POST', '/staff/me/totp/confirm', { code: totpCode(totpSecret) })).status).to.equal(200);

    // A delivery that dies: the receiver answers 500 to every attempt, until it is healthy again.
    await emitEvents(svc.database.knex, [invoiceEvent(beta.tenantId, beta.branchId)]);
    await until(
      async () =>
        (await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${failing.id}/deliveries?status=DEAD`)).body
          .pagination.total === 1,
      'the dead letter',
    );
    healthy = true;

    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
    await receiver?.stop();
  });

  /** A fresh browser session (no cookie) watching what the page does. */
  async function openPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchPage(page, svc.baseUrl, findings);
    return page;
  }

  async function fillSignIn(page: Page, email: string, password = 'correct horse battery staple'): Promise<void> {
    await page.goto(`${svc.baseUrl}/console`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function signedIn(email: string): Promise<Page> {
    const page = await openPage();
    await fillSignIn(page, email);
    await page.getByRole('heading', { name: 'Approvals' }).first().waitFor();
    return page;
  }

  async function pendingAdjustment(quantity: number): Promise<{ id: string; number: string }> {
    const r = await clientFor(svc.baseUrl, shop).request<{ data: { id: string } }>('POST', '/products/adjust', {
      warehouseId: alpha.warehouseId,
      reason: 'Stocktake',
      items: [{ productId, quantity, type: 'STOCK_IN' }],
    });
    expect(r.status, JSON.stringify(r.body)).to.equal(201);
    const inbox = (await call(svc.baseUrl, 'GET', '/api/v1/admin/approvals?type=ADJUSTMENT&limit=100')).body.data as {
      id: string;
      number: string;
    }[];
    return inbox.find((item) => item.id === r.body.data.id)!;
  }

  async function adjustmentStatus(
    id: string,
  ): Promise<{ status: string; rejectionReason?: string; decidedBy?: string }> {
    return (await call(svc.baseUrl, 'GET', `/api/v1/admin/stock-adjustments/${id}`)).body.data;
  }

  async function currentStock(): Promise<number> {
    const r = await clientFor(svc.baseUrl, shop).request<{ data: { currentStock: number } }>(
      'GET',
      `/products/${productId}`,
    );
    return Number(r.body.data.currentStock);
  }

  it('sign-in: a wrong password shows the API’s message', async () => {
    const page = await openPage();
    await page.goto(`${svc.baseUrl}/console`);
    await page.waitForURL(/\/console\/login/);
    await page.screenshot({ path: join(ARTIFACTS, 'sign-in.png') });
    await fillSignIn(page, 'admin@example.com', 'not the password at all');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.context().close();
  });

  it('sign-in: an account with one-time codes asks for the code, then signs in', async () => {
    const page = await openPage();
    await fillSignIn(page, 'totp@example.com');
    await page.getByRole('alert').filter({ hasText: 'A valid one-time code is required' }).waitFor();
    // The confirming code's step is spent: the next step's code is within the window.
    await page.getByLabel('One-time code').fill(totpCode(totpSecret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Approvals' }).first().waitFor();
    await page.context().close();
  });

  it('approvals: an APPROVER approves an adjustment; it leaves the inbox, the stock changes and the webhook arrives', async () => {
    const adjustment = await pendingAdjustment(5);
    const before = await currentStock();
    const page = await signedIn('approver@example.com');
    const approve = page.getByRole('button', { name: `Approve Stock adjustment ${adjustment.number}` });
    await approve.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'approvals.png') });
    await approve.click();
    await approve.waitFor({ state: 'detached' });
    expect((await adjustmentStatus(adjustment.id)).status).to.equal('APPROVED');
    expect(await currentStock()).to.equal(before + 5);
    await receiver.waitFor(
      () =>
        receiver
          .on('/hook')
          .some((r) => r.body.includes('inventory.adjustment.approved') && r.body.includes(adjustment.id)),
      15_000,
      'the adjustment.approved webhook',
    );
    await page.context().close();
  });

  it('approvals: Reject asks for a reason, and the adjustment is rejected with it', async () => {
    const adjustment = await pendingAdjustment(2);
    const page = await signedIn('approver@example.com');
    await page.getByRole('button', { name: `Reject Stock adjustment ${adjustment.number}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Counted twice');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    // By text, not role: while the dialog closes the rest of the page is aria-hidden.
    await page.getByText(adjustment.number, { exact: true }).waitFor({ state: 'detached' });
    await until(async () => (await adjustmentStatus(adjustment.id)).status !== 'PENDING', 'the decision');
    const decided = await adjustmentStatus(adjustment.id);
    expect(decided.status).to.equal('REJECTED');
    expect(JSON.stringify(decided)).to.include('Counted twice');
    await page.context().close();
  });

  it('approvals: several approved at once with the multi-select', async () => {
    const first = await pendingAdjustment(1);
    const second = await pendingAdjustment(1);
    const page = await signedIn('approver@example.com');
    for (const item of [first, second]) {
      await page.getByRole('row').filter({ hasText: item.number }).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await page.getByRole('row').filter({ hasText: first.number }).waitFor({ state: 'detached' });
    expect((await adjustmentStatus(first.id)).status).to.equal('APPROVED');
    expect((await adjustmentStatus(second.id)).status).to.equal('APPROVED');
    await page.context().close();
  });

  it('a VIEWER sees the inbox without Approve, Reject or the multi-select, and no Staff or Audit log', async () => {
    const waiting = await pendingAdjustment(3);
    const page = await signedIn('viewer@example.com');
    await page.getByRole('row').filter({ hasText: waiting.number }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'approvals-viewer.png') });
    expect(await page.getByRole('button', { name: /^(Approve|Reject)\b/ }).count()).to.equal(0);
    expect(await page.getByRole('checkbox').count()).to.equal(0);
    expect(await page.getByRole('menuitem', { name: 'Staff' }).count()).to.equal(0);
    expect(await page.getByRole('menuitem', { name: 'Audit log' }).count()).to.equal(0);
    expect(await page.getByRole('menuitem', { name: 'Tenants' }).count()).to.equal(1);
    await page.context().close();
  });

  it('integrations: an ADMIN creates one and sees its secrets once, with Copy buttons', async () => {
    const page = await signedIn('admin@example.com');
    await page.goto(`${svc.baseUrl}/console/integrations/create`);
    await page.getByLabel('Tenant').fill('Alpha');
    await page.getByRole('option', { name: 'Alpha' }).click();
    await page.getByLabel('Branch').click();
    await page.getByRole('option', { name: 'HQ · HQ' }).click();
    await page.getByLabel('Fiscal year').click();
    await page.getByRole('option', { name: '2026' }).click();
    await page.getByLabel('Role').click();
    await page.getByRole('option', { name: 'INVENTORY' }).click();
    await page.getByLabel('Client name').fill('Till 7');
    await page.getByLabel('Webhook URL').fill(receiver.url('/till'));
    await page.screenshot({ path: join(ARTIFACTS, 'integration-create.png') });
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByText('Shown this once').waitFor();
    const clientId = await dialog.locator('input[data-secret="Client id"]').inputValue();
    const clientSecret = await dialog.locator('input[data-secret="Client secret"]').inputValue();
    const webhookSecret = await dialog.locator('input[data-secret="Webhook secret"]').inputValue();
    expect(webhookSecret).to.match(/^whsec_/);
    expect(await dialog.getByRole('button', { name: /^Copy/ }).count()).to.equal(3);
    await page.screenshot({ path: join(ARTIFACTS, 'integration-secrets.png') });
    // The secret is real: it signs a request to the external API.
    const made = (
      await call(svc.baseUrl, 'GET', `/api/v1/admin/tenants/${alpha.tenantId}/integrations`)
    ).body.data.find((i: { clientId: string }) => i.clientId === clientId);
    const res = await clientFor(svc.baseUrl, { id: made.id, clientId, clientSecret }).request('GET', '/products');
    expect(res.status).to.equal(200);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'Till 7' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'integrations.png') });
    expect(await page.content()).not.to.include(clientSecret);
    await page.context().close();
  });

  it('deliveries: an ADMIN replays a dead delivery, resumes the paused webhook, and pings it', async () => {
    const page = await signedIn('admin@example.com');
    await page.goto(
      `${svc.baseUrl}/console/deliveries?filter=${encodeURIComponent(JSON.stringify({ integrationId: failing.id }))}`,
    );
    const row = page.getByRole('row').filter({ hasText: 'DEAD' });
    await row.waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'deliveries.png') });
    const arrived = receiver.on('/dead').length;
    await row.getByRole('button', { name: /^Replay/ }).click();
    // The endpoint was paused by the dead letter: the replay waits for Resume.
    await page.getByRole('button', { name: 'Resume' }).click();
    await receiver.waitFor(() => receiver.on('/dead').length > arrived, 15_000, 'the replayed delivery');
    await until(
      async () =>
        (await call(svc.baseUrl, 'GET', `/api/v1/admin/integrations/${failing.id}/deliveries?status=DELIVERED`)).body
          .pagination.total >= 1,
      'the delivery delivered',
    );
    await page.getByRole('button', { name: 'Ping' }).click();
    await page.getByText(/Ping delivered/).waitFor();
    await page.context().close();
  });

  it('tenants and the audit log: an ADMIN sees a tenant’s set-up and the log of what was done', async () => {
    const page = await signedIn('admin@example.com');
    await page.getByRole('menuitem', { name: 'Tenants' }).click();
    await page.getByRole('cell', { name: 'Alpha' }).click();
    await page.getByRole('tab', { name: 'Warehouses' }).click();
    await page.getByRole('cell', { name: 'Main' }).waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'tenant.png') });
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'integration.create' }).first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'audit.png') });
    await page.getByRole('menuitem', { name: 'Staff' }).click();
    await page.getByRole('cell', { name: 'viewer@example.com' }).waitFor();
    await page.context().close();
  });

  it('no request left the service’s origin, no CSP violation, no page error', () => {
    expect(findings, 'requests elsewhere, CSP violations, page errors').to.deep.equal(noFindings());
  });
});
