import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { clientFor, createBillingTenant, createIntegration, createTenantSetup } from '../support/mothers.js';
import { resetData, TEST_DATABASE_URL, testDatabase } from '../support/database.js';
import { startApiProcess, until, type ApiProcess } from '../support/processes.js';
import { ADMIN_TOKEN, call } from '../support/service.js';

/** One API process on the test PostgreSQL server. */
function startApi(secretsKey: string): Promise<ApiProcess> {
  return startApiProcess({
    DATABASE_URL: TEST_DATABASE_URL!,
    ADMIN_TOKEN,
    SECRETS_KEY: secretsKey,
    RATE_LIMIT_PER_MINUTE: '1000',
  });
}

describe('e2e: two API processes on one PostgreSQL (rate limit and metering across processes)', function () {
  let a: ApiProcess;
  let b: ApiProcess;

  before(async function () {
    if (!TEST_DATABASE_URL) {
      console.log('      skipped: two processes need a PostgreSQL server in TEST_DATABASE_URL');
      this.skip();
    }
    await resetData((await testDatabase()).knex);
    const key = randomBytes(32).toString('hex');
    [a, b] = await Promise.all([startApi(key), startApi(key)]);
  });
  after(async () => {
    await Promise.all([a, b].map((p) => p?.stop()));
  });

  it('gives an integration limited to 5 per minute exactly 5 answers, then 429s, wherever each request lands; usage counts both', async () => {
    const setup = await createTenantSetup(a.baseUrl, 'Two processes');
    const limited = await createIntegration(a.baseUrl, setup, { role: 'INVENTORY' });
    const free = await createIntegration(a.baseUrl, setup, { role: 'INVENTORY' });
    const patched = await call(a.baseUrl, 'PATCH', `/api/v1/admin/integrations/${limited.id}`, {
      body: { rateLimitPerMinute: 5 },
    });
    expect(patched.body.data.rateLimitPerMinute).to.equal(5);
    // Fixed minute windows: start well inside one, so the 12 requests below share it.
    await until(() => new Date().getUTCSeconds() < 45, 20_000, 'a fresh minute');

    const clients = [clientFor(a.baseUrl, limited), clientFor(b.baseUrl, limited)];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => clients[i % 2]!.request<any>('GET', '/products')),
    );
    const ok = answers.filter((r) => r.status === 200);
    const limitedAnswers = answers.filter((r) => r.status === 429);
    expect(ok).to.have.length(5);
    expect(limitedAnswers).to.have.length(7);
    for (const r of limitedAnswers) {
      expect(r.body).to.include({ code: 'RATE_LIMITED', message: 'Rate limit exceeded' });
      expect(Number(r.headers.get('retry-after'))).to.be.within(1, 60);
      expect(r.headers.get('x-ratelimit-remaining')).to.equal('0');
    }
    for (const r of ok) {
      expect(r.headers.get('ratelimit-policy')).to.equal('"minute";q=5;w=60');
      expect(r.headers.get('ratelimit')).to.match(/^"minute";r=[0-4];t=\d+$/);
      expect(r.headers.get('x-ratelimit-limit')).to.equal('5');
    }

    // Another integration through both processes: every request counted once.
    const freeClients = [clientFor(a.baseUrl, free), clientFor(b.baseUrl, free)];
    for (let i = 0; i < 20; i++) expect((await freeClients[i % 2]!.request('GET', '/products')).status).to.equal(200);

    const usage = async () =>
      (await call(b.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/usage`)).body.data as {
        used: number;
        byIntegration: { integrationId: string; used: number }[];
      };
    await until(async () => (await usage()).used === 25, 10_000, 'usage of 25 calls');
    const byId = Object.fromEntries((await usage()).byIntegration.map((i) => [i.integrationId, i.used]));
    expect(byId).to.deep.equal({ [limited.id]: 5, [free.id]: 20 });
  });

  it('creates exactly one invoice for 10 parallel requests with one Idempotency-Key through both processes; the others answer as it did or 409', async () => {
    const t = await createBillingTenant(a.baseUrl, 'One key, two processes');
    const creds = await createIntegration(a.baseUrl, t, { role: 'BILLING' });
    const clients = [clientFor(a.baseUrl, creds), clientFor(b.baseUrl, creds)];
    const body = {
      customerId: t.customerId,
      paymentMethod: 'CARD',
      items: [{ productId: t.productIds[0], quantity: 2, unitPrice: 3.5 }],
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        clients[i % 2]!.request<any>('POST', '/billing/invoices', body, { idempotencyKey: 'two-processes-1' }),
      ),
    );
    const knex = (await testDatabase()).knex;
    const invoices = await knex('invoices').where({ tenant_id: t.tenantId }).select('id', 'number');
    expect(invoices).to.have.length(1);
    const created = answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    expect(created, JSON.stringify(answers.map((r) => r.status))).to.have.length(1);
    expect(created[0]!.body.data.id).to.equal(invoices[0]!.id);
    for (const r of answers.filter((r) => r !== created[0])) {
      if (r.status === 409) expect(r.body.code).to.equal('IDEMPOTENCY_KEY_IN_USE');
      else {
        expect(r.status).to.equal(201);
        expect(r.headers.get('idempotent-replayed')).to.equal('true');
        expect(r.body).to.deep.equal(created[0]!.body);
      }
    }
    // The rolled-back attempts drew no numbers: the next invoice is the second of the year.
    const next = await clients[1]!.request<any>('POST', '/billing/invoices', body, {
      idempotencyKey: 'two-processes-2',
    });
    expect(next.status).to.equal(201);
    expect(Number(next.body.data.billNumber.split('-').pop())).to.equal(
      Number(invoices[0]!.number.split('-').pop()) + 1,
    );
  });

  it('keeps the counts of a process stopped gracefully right after its requests', async () => {
    const setup = await createTenantSetup(a.baseUrl, 'Graceful');
    const creds = await createIntegration(a.baseUrl, setup, { role: 'INVENTORY' });
    const client = clientFor(b.baseUrl, creds);
    for (let i = 0; i < 7; i++) expect((await client.request('GET', '/products')).status).to.equal(200);
    b.proc.child.kill('SIGTERM');
    expect(await b.proc.exited).to.equal(0);
    const r = await call(a.baseUrl, 'GET', `/api/v1/admin/tenants/${setup.tenantId}/usage`);
    expect(r.body.data.used).to.equal(7);
  });
});
