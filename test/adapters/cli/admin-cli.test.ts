import { expect } from 'chai';
import { cliFor, type CliRun } from '../../support/cli.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool', () => {
  let svc: TestService;
  let run: (...argv: string[]) => Promise<CliRun>;
  before(async () => {
    svc = await startTestService();
    run = cliFor(svc);
  });
  after(async () => {
    await svc.stop();
  });

  it('runs the admin API operations, writing to the database', async () => {
    const t = await run('tenant:create', '--name', 'From CLI', '--json');
    expect(t.code, t.err).to.equal(0);
    const tenant = t.json();
    const p = await run(
      'product:create',
      '--tenant',
      tenant.id,
      '--name',
      'Mug',
      '--sku',
      'MUG',
      '--price',
      '8.99',
      '--json',
    );
    expect(p.code, p.err).to.equal(0);
    expect(p.json()).to.include({ sku: 'MUG', price: 8.99, slug: 'mug' });
    const rows = await svc.database.knex('products').where({ tenant_id: tenant.id });
    expect(rows).to.have.length(1);
  });

  it('reports refused operations with their code, exit 1', async () => {
    const r = await run(
      'branch:create',
      '--tenant',
      '99999999-9999-4999-8999-999999999999',
      '--name',
      'HQ',
      '--code',
      'HQ',
    );
    expect(r.code).to.equal(1);
    expect(r.err).to.equal('NOT_FOUND: Tenant not found');
  });

  it('explains usage errors, exit 2', async () => {
    expect((await run('nope')).code).to.equal(2);
    const missing = await run('tenant:create');
    expect(missing.code).to.equal(2);
    expect(missing.err).to.contain("required option '--name <name>' not specified");
    const badNumber = await run(
      'product:create',
      '--tenant',
      '99999999-9999-4999-8999-999999999999',
      '--name',
      'x',
      '--sku',
      'y',
      '--price',
      'ten',
    );
    expect(badNumber.code).to.equal(2);
    expect(badNumber.err).to.contain("option '--price <price>' argument 'ten' is invalid. It must be a number.");
  });

  it('lists every command with `help`, exit 0', async () => {
    const help = await run('help');
    expect(help.code).to.equal(0);
    for (const name of ['tenant:create', 'integration:rotate-secret', 'ledger:list', 'webhook:ping']) {
      expect(help.out).to.contain(name);
    }
  });
});

describe('admin command-line tool: integrations', () => {
  let svc: TestService;
  let run: (...argv: string[]) => Promise<CliRun>;
  before(async () => {
    svc = await startTestService();
    run = cliFor(svc);
  });
  after(async () => {
    await svc.stop();
  });

  it('creates, updates and rotates an integration; secrets only in the one-time outputs', async () => {
    const tenant = (await run('tenant:create', '--name', 'T', '--json')).json();
    const branch = (await run('branch:create', '--tenant', tenant.id, '--name', 'HQ', '--code', 'HQ', '--json')).json();
    const year = (
      await run(
        'fiscal-year:create',
        '--tenant',
        tenant.id,
        '--code',
        '2026',
        '--starts-on',
        '2026-01-01',
        '--ends-on',
        '2026-12-31',
        '--json',
      )
    ).json();
    const d = await run(
      'integration:create',
      '--tenant',
      tenant.id,
      '--branch',
      branch.id,
      '--fiscal-year',
      year.id,
      '--role',
      'BILLING',
      '--client-name',
      'Shop',
      '--webhook-url',
      'https://shop.example/h',
      '--json',
    );
    expect(d.code, d.err).to.equal(0);
    const created = d.json();
    expect(created.clientSecret).to.match(/^cs_/);
    expect(created.webhookSecret).to.match(/^whsec_/);
    const e = await run('integration:update', '--id', created.id, '--active', 'false', '--json');
    expect(e.code, e.err).to.equal(0);
    expect(e.json()).to.include({ active: false });
    expect(e.out).to.not.contain(created.clientSecret);
    const f = await run('integration:rotate-secret', '--id', created.id, '--overlap-seconds', '0', '--json');
    expect(f.code, f.err).to.equal(0);
    expect(f.json().clientSecret).to.not.equal(created.clientSecret);
    expect((await run('integration:update', '--id', created.id, '--active', 'maybe')).code).to.equal(2);
  });
});
