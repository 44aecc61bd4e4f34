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
