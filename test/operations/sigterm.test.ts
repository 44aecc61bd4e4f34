import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/infrastructure/database.js';
import { clientFor, createCustomer, createIntegration, createProduct, createTenantSetup } from '../support/mothers.js';
import { freePort, isAlive, spawnProcess, until } from '../support/processes.js';
import { ADMIN_TOKEN, call } from '../support/service.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * The README's start (`npm start`, embedded database in a temporary DATA_DIR, a free PORT):
 * SIGTERM to the npm process stops node itself — no process is left — after the webhook
 * delivery under way has finished and been recorded, and the embedded database is released.
 */
describe('operations: SIGTERM to "npm start"', function () {
  this.timeout(180_000);
  let dir: string;
  let receiver: WebhookReceiver;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ib-sigterm-'));
    receiver = await new WebhookReceiver().start();
  });
  after(async () => {
    await receiver.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops node, finishes the delivery under way, releases the database and exits 0', async () => {
    const port = await freePort();
    const npm = spawnProcess('npm', ['start'], {
      DATA_DIR: dir,
      DATABASE_URL: '',
      MONGODB_URL: '',
      PORT: String(port),
      ADMIN_TOKEN,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'info',
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await until(async () => (await fetch(`${baseUrl}/health`)).ok, 150_000, `npm start to serve\n${npm.output()}`);
      const nodePid = Number(readFileSync(join(dir, 'embedded.pid'), 'utf8'));
      expect(nodePid).to.not.equal(npm.child.pid);

      // A delivery that is still under way when the signal arrives: the receiver answers after 1.5 s.
      receiver.respond = () => ({ status: 200, delayMs: 1_500 });
      const setup = await createTenantSetup(baseUrl);
      const creds = await createIntegration(baseUrl, setup, { webhookUrl: receiver.url('/shutdown') });
      const customer = await createCustomer(baseUrl, setup.tenantId);
      const product = await createProduct(baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 8.99 });
      const created = await clientFor(baseUrl, creds).request('POST', '/billing/invoices', {
        customerId: customer.id,
        paymentMethod: 'CASH',
        items: [{ productId: product.id, quantity: 1, unitPrice: 8.99 }],
      });
      expect(created.status).to.equal(201);
      const invoiceId = (created.body as { data: { id: string } }).data.id;
      expect((await call(baseUrl, 'POST', `/api/v1/admin/invoices/${invoiceId}/approve`)).status).to.equal(200);
      await receiver.waitFor(() => receiver.on('/shutdown').length === 1, 30_000, 'the delivery to start');

      npm.child.kill('SIGTERM');
      expect(await npm.exited).to.equal(0);
      await until(() => !isAlive(nodePid), 20_000, 'node to exit');
      expect(npm.output()).to.contain('"msg":"stopped"');
      expect(receiver.concurrent).to.equal(0);

      // The embedded database was released (it opens) and the delivery was recorded, not lost.
      const db = await openDatabase({ url: null, dataDir: dir });
      try {
        const rows = await db.knex('webhook_deliveries').select('status');
        expect(rows.map((r) => r.status)).to.deep.equal(['DELIVERED']);
      } finally {
        await db.close();
      }
    } finally {
      if (npm.child.exitCode === null) npm.child.kill('SIGKILL');
    }
  });
});
