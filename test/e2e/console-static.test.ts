import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import express from 'express';
import { CONSOLE_CSP, createConsoleRouter } from '../../src/adapters/http/console-app.js';
import { errorHandler } from '../../src/adapters/http/error-mapper.js';
import { createLogger } from '../../src/infrastructure/logger.js';
import { CONSOLE_DIST, ensureConsoleBuilt } from '../support/console.js';
import { startTestService, type TestService } from '../support/service.js';

const EXPECTED_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

describe('e2e: /console (the built console, its caching and its CSP)', function () {
  this.timeout(600_000);
  let svc: TestService;
  let asset: string;

  before(async () => {
    ensureConsoleBuilt();
    asset = readdirSync(join(CONSOLE_DIST, 'assets')).find((f) => f.endsWith('.js'))!;
    svc = await startTestService();
  });
  after(async () => {
    await svc?.stop();
  });

  it('builds a page with no inline script, nothing from elsewhere, and hashed assets under /console/assets/', () => {
    const html = readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).to.be.greaterThan(0);
    for (const tag of scripts) expect(tag).to.match(/\ssrc="\/console\/assets\/[\w-]+\.js"/);
    expect(html).not.to.match(/<script\b[^>]*>[^<]+<\/script>/);
    expect(html).not.to.match(/(src|href)="(https?:)?\/\//);
    expect(html).not.to.match(/fonts\.googleapis|fonts\.gstatic/);
    expect(asset).to.match(/-[\w-]{8}\.js$/);
  });

  it('answers index.html for /console and its client-side routes, revalidated, with the strict CSP', async () => {
    expect(CONSOLE_CSP).to.equal(EXPECTED_CSP);
    for (const path of ['/console', '/console/', '/console/approvals', '/console/tenants/abc/show', '/console/login']) {
      const res = await fetch(`${svc.baseUrl}${path}`);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type'), path).to.match(/^text\/html/);
      expect(res.headers.get('cache-control'), path).to.equal('no-cache');
      expect(res.headers.get('content-security-policy'), path).to.equal(EXPECTED_CSP);
      expect(res.headers.get('x-content-type-options'), path).to.equal('nosniff');
      expect(await res.text(), path).to.include('<div id="root">');
    }
  });

  it('serves hashed assets for a year, immutable; an unknown asset is a 404 in the envelope, not the page', async () => {
    const res = await fetch(`${svc.baseUrl}/console/assets/${asset}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/javascript/);
    expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).to.equal(EXPECTED_CSP);
    await res.arrayBuffer();
    for (const path of [
      '/console/assets/nope-12345678.js',
      '/console/assets/..%2F..%2Fpackage.json',
      '/console/assets/.env',
    ]) {
      const missing = await fetch(`${svc.baseUrl}${path}`);
      expect(missing.status, path).to.equal(404);
      expect(missing.headers.get('content-security-policy'), path).to.equal(EXPECTED_CSP);
      expect(((await missing.json()) as { success: boolean }).success, path).to.equal(false);
    }
  });

  it('answers 405 to other methods (a registered route)', async () => {
    const res = await fetch(`${svc.baseUrl}/console`, { method: 'POST' });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.include('GET');
    await res.arrayBuffer();
  });

  it('answers 503 in the envelope, saying to run npm run build, where the console is not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'console-unbuilt-'));
    const app = express();
    app.use(createConsoleRouter(empty));
    app.use(errorHandler(createLogger('silent')));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const path of ['/console', '/console/approvals', '/console/assets/index-12345678.js']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status, path).to.equal(503);
        expect(res.headers.get('content-security-policy'), path).to.equal(EXPECTED_CSP);
        const body = (await res.json()) as { success: boolean; message: string };
        expect(body.success).to.equal(false);
        expect(body.message).to.include('npm run build');
      }
    } finally {
      server.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
