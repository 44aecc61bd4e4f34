import { expect } from 'chai';
import type { BackOfficeUseCases } from '../../../src/application/back-office.js';
import { TOKENS } from '../../../src/application/tokens.js';
import { runAdminCli } from '../../../src/adapters/cli/admin-cli.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool', () => {
  let svc: TestService;
  let uc: BackOfficeUseCases;
  before(async () => {
    svc = await startTestService();
    uc = svc.container.get<BackOfficeUseCases>(TOKENS.BackOfficeUseCases);
  });
  after(async () => {
    await svc.stop();
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(argv, uc, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('runs the same use cases as the admin API, writing to the database', async () => {
    const t = await run('tenant:create', '--name', 'From CLI');
    expect(t.code).to.equal(0);
    const tenant = JSON.parse(t.out);
    const p = await run('product:create', '--tenant', tenant.id, '--name', 'Mug', '--sku', 'MUG', '--price', '8.99');
    expect(p.code, p.err).to.equal(0);
    expect(JSON.parse(p.out)).to.include({ sku: 'MUG', price: 8.99, slug: 'mug' });
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
    expect(missing.err).to.contain('--name is required');
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
    expect(badNumber.err).to.contain('--price must be a number');
  });
});

describe('admin command-line tool: integrations', () => {
  let svc: TestService;
  let uc: BackOfficeUseCases;
  before(async () => {
    svc = await startTestService();
    uc = svc.container.get<BackOfficeUseCases>(TOKENS.BackOfficeUseCases);
  });
  after(async () => {
    await svc.stop();
  });

  it('creates, updates and rotates an integration; secrets only in the one-time outputs', async () => {
    const io = () => {
      const out: string[] = [];
      return { out, io: { out: (t: string) => out.push(t), err: (t: string) => out.push(t) } };
    };
    const a = io();
    await runAdminCli(['tenant:create', '--name', 'T'], uc, a.io);
    const tenant = JSON.parse(a.out[0]!);
    const b = io();
    await runAdminCli(['branch:create', '--tenant', tenant.id, '--name', 'HQ', '--code', 'HQ'], uc, b.io);
    const c = io();
    await runAdminCli(
      [
        'fiscal-year:create',
        '--tenant',
        tenant.id,
        '--code',
        '2026',
        '--starts-on',
        '2026-01-01',
        '--ends-on',
        '2026-12-31',
      ],
      uc,
      c.io,
    );
    const d = io();
    const code = await runAdminCli(
      [
        'integration:create',
        '--tenant',
        tenant.id,
        '--branch',
        JSON.parse(b.out[0]!).id,
        '--fiscal-year',
        JSON.parse(c.out[0]!).id,
        '--role',
        'BILLING',
        '--client-name',
        'Shop',
        '--webhook-url',
        'https://shop.example/h',
      ],
      uc,
      d.io,
    );
    expect(code, d.out.join()).to.equal(0);
    const created = JSON.parse(d.out[0]!);
    expect(created.clientSecret).to.match(/^cs_/);
    expect(created.webhookSecret).to.match(/^whsec_/);
    const e = io();
    expect(await runAdminCli(['integration:update', '--id', created.id, '--active', 'false'], uc, e.io)).to.equal(0);
    expect(JSON.parse(e.out[0]!)).to.include({ active: false });
    expect(e.out[0]).to.not.contain(created.clientSecret);
    const f = io();
    expect(
      await runAdminCli(['integration:rotate-secret', '--id', created.id, '--overlap-seconds', '0'], uc, f.io),
    ).to.equal(0);
    expect(JSON.parse(f.out[0]!).clientSecret).to.not.equal(created.clientSecret);
    const g = io();
    expect(await runAdminCli(['integration:update', '--id', created.id, '--active', 'maybe'], uc, g.io)).to.equal(2);
  });
});
