import { expect } from 'chai';
import { cliFor } from '../../support/cli.js';
import { createTenantSetup } from '../../support/mothers.js';
import { spawnProcess } from '../../support/processes.js';
import { startTestService, type TestService } from '../../support/service.js';
import { asStaff, PASSWORD, signIn } from '../../support/staff.js';

describe('admin CLI: staff and the audit log', () => {
  let svc: TestService;
  let cli: ReturnType<typeof cliFor>;
  before(async () => {
    svc = await startTestService();
    cli = cliFor(svc);
  });
  after(async () => {
    await svc.stop();
  });

  it('creates, lists, changes and resets staff; the member signs in with the password set', async () => {
    const tenant = await createTenantSetup(svc.baseUrl, 'Shop');
    const created = await cli(
      'staff:create',
      '--email',
      'Ops@Example.com',
      '--name',
      'Ops',
      '--role',
      'APPROVER',
      '--tenants',
      tenant.tenantId,
      '--password',
      PASSWORD,
      '--json',
    );
    expect(created.code, created.err).to.equal(0);
    expect(created.json()).to.include({ email: 'ops@example.com', role: 'APPROVER' });
    expect(created.json().tenantIds).to.deep.equal([tenant.tenantId]);
    expect(created.out).to.not.include(PASSWORD);
    const id = created.json().id as string;

    const listed = await cli('staff:list');
    expect(listed.code).to.equal(0);
    expect(listed.out).to.include('ops@example.com').and.include('APPROVER');

    expect((await cli('staff:update', '--id', id, '--role', 'VIEWER', '--tenants', 'all', '--json')).json()).to.include(
      {
        role: 'VIEWER',
        tenantIds: null,
      },
    );
    process.env.STAFF_PASSWORD = 'a password from the environment';
    try {
      expect((await cli('staff:reset-password', '--id', id)).code).to.equal(0);
    } finally {
      delete process.env.STAFF_PASSWORD;
    }
    expect((await signIn(svc.baseUrl, 'ops@example.com', 'a password from the environment')).response.status).to.equal(
      200,
    );
    const short = await cli('staff:reset-password', '--id', id, '--password', 'short');
    expect(short.code).to.equal(2);
    expect(short.err).to.include('12 to 128 characters');
  });

  it('verifies the audit chain and lists the log, newest first', async () => {
    const verified = await cli('audit:verify', '--json');
    expect(verified.code).to.equal(0);
    expect(verified.json()).to.include({ valid: true, firstBrokenSeq: null });
    expect(verified.json().entries).to.be.greaterThan(3);
    const listed = await cli('audit:list', '--action', 'staff.create', '--json');
    expect(listed.json()[0]).to.include({ action: 'staff.create', targetType: 'staff' });
    expect(listed.json()[0].actor).to.deep.equal({ type: 'BOOTSTRAP', staffId: null, email: 'bootstrap' });
  });

  it('runs from a laptop with ADMIN_API_URL and a personal access token: no database, no SECRETS_KEY', async () => {
    await cli(
      'staff:create',
      '--email',
      'remote@example.com',
      '--name',
      'Remote',
      '--role',
      'ADMIN',
      '--password',
      PASSWORD,
    );
    const me = asStaff(svc.baseUrl, (await signIn(svc.baseUrl, 'remote@example.com')).cookie!);
    const token = (await me('POST', '/staff/me/tokens', { name: 'laptop' })).body.data.token as string;
    const run = spawnProcess(
      process.execPath,
      ['--import', 'tsx', 'src/infrastructure/admin-cli.ts', 'tenant:create', '--name', 'From a laptop', '--json'],
      {
        ADMIN_API_URL: svc.baseUrl,
        ADMIN_API_TOKEN: token,
        DATABASE_URL: '',
        SECRETS_KEY: '',
        DATA_DIR: '/nonexistent/never-created',
      },
    );
    expect(await run.exited, run.output()).to.equal(0);
    const tenant = JSON.parse(run.output());
    expect(tenant.name).to.equal('From a laptop');
    const entry = await svc.database.knex('audit_log').where({ action: 'tenant.create', target_id: tenant.id }).first();
    expect(entry).to.include({ actor_type: 'TOKEN', actor_email: 'remote@example.com' });
  });
});
