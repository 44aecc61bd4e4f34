import { expect } from 'chai';
import { cliFor, type CliRun } from '../../support/cli.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: a tenant’s settings', () => {
  let svc: TestService;
  let run: (...argv: string[]) => Promise<CliRun>;
  before(async () => {
    svc = await startTestService();
    run = cliFor(svc);
  });
  after(async () => {
    await svc.stop();
  });

  it('tenant:update sets the pricing mode and the name through the admin API', async () => {
    const tenant = (await run('tenant:create', '--name', 'Shop', '--json')).json();
    expect(tenant.pricesIncludeTax).to.equal(false);
    const gross = await run('tenant:update', '--tenant', tenant.id, '--prices-include-tax', 'true', '--json');
    expect(gross.code, gross.err).to.equal(0);
    expect(gross.json()).to.include({ id: tenant.id, name: 'Shop', pricesIncludeTax: true });
    const row = await svc.database.knex('tenants').where({ id: tenant.id }).first();
    expect(row.prices_include_tax).to.equal(true);
    const renamed = await run('tenant:update', '--tenant', tenant.id, '--name', 'Shop two', '--json');
    expect(renamed.json()).to.include({ name: 'Shop two', pricesIncludeTax: true });
  });

  it('refuses an update that changes nothing, with the API schema’s message, exit 2 (usage)', async () => {
    const tenant = (await run('tenant:create', '--name', 'Other', '--json')).json();
    const r = await run('tenant:update', '--tenant', tenant.id);
    expect(r.code).to.equal(2);
    expect(r.err).to.include('At least one of name or pricesIncludeTax must be given');
  });
});
