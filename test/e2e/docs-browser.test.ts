import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { createIntegration, createProduct, createTenantSetup, type Credentials } from '../support/mothers.js';
import { ADMIN_TOKEN, startTestService, type TestService } from '../support/service.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../support/console.js';

const PRODUCTS = '/api/v1/external/products';
/** A back-office route the document has (its path as the document writes it). */
const ADJUSTMENTS = '/api/v1/admin/tenants/{tenantId}/stock-adjustments';

describe('e2e: /docs page (served assets and headers)', () => {
  let svc: TestService;

  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc.stop();
  });

  it('serves the page without authentication, with a CSP of this origin only and no inline script', async () => {
    const res = await fetch(`${svc.baseUrl}/docs`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).to.include("script-src 'self'");
    expect(csp).to.include("style-src 'self'");
    expect(csp).to.include("connect-src 'self'");
    expect(csp).not.to.include('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    const html = await res.text();
    // Every script is a file of this origin (no inline script, no CDN).
    expect(html).not.to.match(/<script(?![^>]*\ssrc="\/docs\/assets\/)/);
    expect(html).not.to.match(/(src|href)="(https?:)?\/\//);
    expect(html).to.include('/api/v1/openapi.json');
  });

  it('serves swagger-ui and the page script from the package files, and nothing else under /docs/assets', async () => {
    const bundle = await fetch(`${svc.baseUrl}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).to.equal(200);
    expect(bundle.headers.get('content-type')).to.match(/javascript/);
    expect(await bundle.text()).to.include('SwaggerUIBundle');
    const css = await fetch(`${svc.baseUrl}/docs/assets/swagger-ui.css`);
    expect(css.status).to.equal(200);
    expect(css.headers.get('content-type')).to.match(/^text\/css/);
    await css.arrayBuffer();
    const own = await fetch(`${svc.baseUrl}/docs/assets/docs-client.js`);
    expect(own.status).to.equal(200);
    expect(await own.text()).to.include('requestInterceptor');

    for (const path of ['/docs/assets/index.html', '/docs/assets/package.json', '/docs/assets/..%2Fpackage.json']) {
      const res = await fetch(`${svc.baseUrl}${path}`);
      expect(res.status, path).to.equal(404);
      expect(((await res.json()) as { success: boolean }).success, path).to.equal(false);
    }
  });

  it('answers 405 to other methods on /docs (a registered route)', async () => {
    const res = await fetch(`${svc.baseUrl}/docs`, { method: 'POST' });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.include('GET');
    await res.arrayBuffer();
  });
});

describe('e2e: /docs in a real browser (headless Chromium signs "Try it out" requests)', function () {
  this.timeout(180_000);
  let svc: TestService;
  let context: BrowserContext;
  let page: Page;
  let tenantId: string;
  let plain: Credentials;
  let signedReads: Credentials;
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const cspViolations: string[] = [];

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      // CI installs Chromium (.ci/run): there its absence is a failure, not a skip.
      if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
      console.log(`      skipped: ${CHROMIUM} is missing (apt-get install -y chromium)`);
      this.skip();
    }
    svc = await startTestService();
    const setup = await createTenantSetup(svc.baseUrl, 'Docs');
    tenantId = setup.tenantId;
    await createProduct(svc.baseUrl, setup.tenantId, { name: 'Espresso beans', sku: 'COF-ESP', price: 24.9 });
    plain = await createIntegration(svc.baseUrl, setup);
    signedReads = await createIntegration(svc.baseUrl, setup, { requireSignedReads: true });

    context = await chromium.launchPersistentContext('', {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    page = await context.newPage();
    page.on('request', async (request) => {
      const entry = { url: request.url(), headers: {}, body: request.postData() ?? '' };
      sent.push(entry);
      entry.headers = await request.allHeaders();
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${svc.baseUrl}/docs`);
    await opblock('get', PRODUCTS).waitFor();
  });
  after(async () => {
    await context?.close();
    await svc?.stop();
  });

  function opblock(method: string, path: string) {
    return page.locator(`.opblock.opblock-${method}`, {
      has: page.locator(`.opblock-summary-path[data-path="${path}"]`),
    });
  }

  async function enterCredentials(creds: Credentials, signReads: boolean): Promise<void> {
    await page.fill('#client-id', creds.clientId);
    await page.fill('#client-secret', creds.clientSecret);
    await page.setChecked('#sign-reads', signReads);
  }

  /** Opens the operation, presses "Try it out" (once) and "Execute": the status and response shown. */
  async function tryIt(
    method: string,
    path: string,
    input: { body?: unknown; params?: Record<string, string> } = {},
  ): Promise<{ status: number; text: string }> {
    const block = opblock(method, path);
    const tryOut = block.locator('button.try-out__btn');
    if (!(await tryOut.isVisible())) await block.locator('.opblock-summary').first().click();
    if ((await tryOut.innerText()).includes('Try it out')) await tryOut.click();
    const clear = block.locator('button.btn-clear');
    if (await clear.isVisible()) await clear.click();
    for (const [name, value] of Object.entries(input.params ?? {})) {
      await block.locator(`tr[data-param-name="${name}"] input`).fill(value);
    }
    if (input.body !== undefined) {
      await block.locator('textarea.body-param__text').fill(JSON.stringify(input.body, null, 2));
    }
    await block.locator('button.execute').click();
    const status = block.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor();
    const shown = block.locator('.live-responses-table .response .response-col_description').first();
    return { status: Number((await status.innerText()).trim()), text: await shown.innerText() };
  }

  it('lists products with a signed GET (200)', async () => {
    await enterCredentials(plain, false);
    const { status, text } = await tryIt('get', PRODUCTS);
    expect(status, text).to.equal(200);
    expect(text).to.include('COF-ESP');
  });

  it('creates a product with a signed POST body (201)', async () => {
    const { status, text } = await tryIt('post', PRODUCTS, {
      body: { name: 'Ceramic mug', sku: 'MUG-01', price: 8.99 },
    });
    expect(status, text).to.equal(201);
    expect(text).to.include('MUG-01');
    const post = sent.find((r) => r.url.endsWith(PRODUCTS) && r.body.includes('MUG-01'));
    expect(post, 'the POST the page sent').to.exist;
    const body = JSON.parse(post!.body);
    expect(body.signature).to.match(/^[0-9a-f]{64}$/);
    expect(body.nonce).to.equal(post!.headers['x-nonce']);
    expect(String(body.timestamp)).to.equal(post!.headers['x-timestamp']);
  });

  it('adds x-signature when "sign reads" is checked (an integration that requires it: 200)', async () => {
    await enterCredentials(signedReads, true);
    const { status, text } = await tryIt('get', PRODUCTS);
    expect(status, text).to.equal(200);
    const get = sent.filter((r) => r.url.includes(PRODUCTS) && r.headers['x-client-id'] === signedReads.clientId);
    expect(get.at(-1)?.headers['x-signature']).to.match(/^[0-9a-f]{64}$/);
  });

  it('sends the admin token as a bearer token to the back office only (200)', async () => {
    await page.fill('#admin-token', ADMIN_TOKEN);
    const { status, text } = await tryIt('get', ADJUSTMENTS, { params: { tenantId } });
    expect(status, text).to.equal(200);
    const admin = sent.filter((r) => r.url.includes(`/api/v1/admin/tenants/${tenantId}/stock-adjustments`));
    expect(admin.at(-1)?.headers.authorization).to.equal(`Bearer ${ADMIN_TOKEN}`);
    const external = sent.filter((r) => r.url.includes('/api/v1/external/'));
    expect(external.some((r) => r.headers.authorization !== undefined)).to.equal(false);
  });

  it('never sent a client secret, and swagger-ui ran under the page CSP without violations', async () => {
    const api = sent.filter((r) => r.url.includes('/api/v1/external/'));
    expect(api.length).to.be.greaterThanOrEqual(3);
    for (const r of sent) {
      const seen = `${r.url}\n${JSON.stringify(r.headers)}\n${r.body}`;
      expect(seen).not.to.include(plain.clientSecret);
      expect(seen).not.to.include(signedReads.clientSecret);
    }
    expect(
      sent.every((r) => r.url.startsWith(svc.baseUrl)),
      'requests to other origins',
    ).to.equal(true);
    expect(cspViolations).to.deep.equal([]);
  });
});
