import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { cliFor } from '../../support/cli.js';
import { createIntegration, createTenantSetup } from '../../support/mothers.js';
import { startTestService, type TestService } from '../../support/service.js';

describe('admin command-line tool: API keys', () => {
  let svc: TestService;
  let cli: ReturnType<typeof cliFor>;
  before(async () => {
    svc = await startTestService();
    cli = cliFor(svc);
  });
  after(async () => {
    await svc.stop();
  });

  /** `--json` prints exactly the admin API's `data`. */
  const run = (...argv: string[]) => cli(...argv, '--json');

  it('issues (printed once), replaces and removes an integration API key', async () => {
    const creds = await createIntegration(svc.baseUrl, await createTenantSetup(svc.baseUrl));
    const hashOf = async () =>
      (await svc.database.knex('integrations').where({ id: creds.id }).first()).api_key_hash as string | null;

    const first = await run('integration:issue-api-key', '--id', creds.id);
    expect(first.code, first.err).to.equal(0);
    const { apiKey } = JSON.parse(first.out);
    expect(Object.keys(JSON.parse(first.out))).to.deep.equal(['apiKey']);
    expect(apiKey).to.match(/^ak_[A-Za-z0-9_-]{32}$/);
    expect(await hashOf()).to.equal(createHash('sha256').update(apiKey).digest('hex'));

    const second = await run('integration:issue-api-key', '--id', creds.id);
    const replaced = JSON.parse(second.out).apiKey;
    expect(replaced).to.not.equal(apiKey);
    expect(await hashOf()).to.equal(createHash('sha256').update(replaced).digest('hex'));

    const removed = await run('integration:remove-api-key', '--id', creds.id);
    expect(removed.code, removed.err).to.equal(0);
    expect(JSON.parse(removed.out)).to.include({ id: creds.id, hasApiKey: false });
    expect(removed.out).to.not.contain(replaced);
    expect(await hashOf()).to.equal(null);

    const listed = await run(
      'integration:list',
      '--tenant',
      (await svc.database.knex('integrations').where({ id: creds.id }).first()).tenant_id,
    );
    expect(JSON.parse(listed.out)[0].hasApiKey).to.equal(false);
  });

  it('refuses an unknown integration (exit 1) and a missing id (exit 2)', async () => {
    const unknown = await run('integration:issue-api-key', '--id', '99999999-9999-4999-8999-999999999999');
    expect(unknown.code).to.equal(1);
    expect(unknown.err).to.equal('NOT_FOUND: Integration not found');
    const missing = await cli('integration:remove-api-key');
    expect(missing.code).to.equal(2);
    expect(missing.err).to.contain("required option '--id <id>' not specified");
  });
});
