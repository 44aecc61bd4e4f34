import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { CryptoSecretGenerator } from '../../../src/adapters/security/crypto.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import { CreateIntegration } from '../../../src/application/access/create-integration.js';
import { ListIntegrations } from '../../../src/application/access/list-integrations.js';
import { RotateClientSecret } from '../../../src/application/access/rotate-client-secret.js';
import { UpdateIntegration } from '../../../src/application/access/update-integration.js';
import type { IntegrationDirectory, WebhookTargetPolicy } from '../../../src/application/ports/access-ports.js';
import { IntegrationNotFound } from '../../../src/domain/access/errors.js';
import { FiscalYearNotFound, TenantNotFound } from '../../../src/domain/organization/errors.js';
import type { Database } from '../../../src/infrastructure/database.js';
import { resetData, testDatabase } from '../../support/database.js';
import { FixedClock, SequentialIds } from '../../support/fakes.js';

describe('integration use cases (real repositories)', () => {
  let db: Database;
  let uow: KnexUnitOfWork;
  const tenantId = '10000000-0000-4000-8000-000000000001';
  const branchId = '10000000-0000-4000-8000-000000000002';
  const fiscalYearId = '10000000-0000-4000-8000-000000000003';
  const now = new Date('2026-03-01T10:00:00.000Z');

  before(async () => {
    db = await testDatabase();
    uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
  });
  beforeEach(async () => {
    await resetData(db.knex);
    await db.knex('tenants').insert({ id: tenantId, name: 'T', created_at: now });
    await db.knex('branches').insert({ tenant_id: tenantId, id: branchId, name: 'HQ', code: 'HQ', created_at: now });
    await db.knex('fiscal_years').insert({
      tenant_id: tenantId,
      id: fiscalYearId,
      code: '2026',
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      created_at: now,
    });
  });

  function setup() {
    const clock = new FixedClock(now);
    const secrets = new CryptoSecretGenerator();
    const checked: string[] = [];
    const policy: WebhookTargetPolicy = { assertAllowed: async (url) => void checked.push(url) };
    const invalidated: string[] = [];
    const directory: IntegrationDirectory = {
      findByClientId: async () => null,
      invalidate: (clientId) => void invalidated.push(clientId),
    };
    return {
      clock,
      checked,
      invalidated,
      create: new CreateIntegration(uow, new SequentialIds(), clock, secrets, policy),
      list: new ListIntegrations(uow),
      update: new UpdateIntegration(uow, clock, secrets, policy, directory),
      rotate: new RotateClientSecret(uow, clock, secrets, directory),
    };
  }

  const base = { tenantId, branchId, fiscalYearId, role: 'BILLING' as const, clientName: ' Shop ' };

  it('creates an integration with its secrets encrypted at rest, shown once', async () => {
    const s = setup();
    const created = await s.create.execute({ ...base, webhookUrl: 'https://shop.example/h', allowedIps: '10.0.0.0/8' });
    expect(s.checked).to.deep.equal(['https://shop.example/h']);
    const row = await db.knex('integrations').where({ id: created.integration.id }).first();
    expect(row).to.include({ client_id: created.clientId, client_name: 'Shop', allowed_ips: '10.0.0.0/8' });
    expect(row.client_secret_enc).to.not.contain(created.clientSecret);
    expect(row.webhook_secret_enc).to.not.contain(created.webhookSecret!);
    const [listed] = await s.list.execute({ tenantId });
    expect(listed!.signingSecretsAt(now)).to.deep.equal([created.clientSecret]);
    expect(listed!.webhookSecret).to.equal(created.webhookSecret);
  });

  it('refuses a missing tenant or another tenant fiscal year, writing nothing', async () => {
    const s = setup();
    await expect(s.create.execute({ ...base, tenantId: '20000000-0000-4000-8000-000000000001' })).to.be.rejectedWith(
      TenantNotFound,
    );
    await expect(
      s.create.execute({ ...base, fiscalYearId: '20000000-0000-4000-8000-000000000003' }),
    ).to.be.rejectedWith(FiscalYearNotFound);
    await expect(s.list.execute({ tenantId: '20000000-0000-4000-8000-000000000001' })).to.be.rejectedWith(
      TenantNotFound,
    );
    expect(Number((await db.knex('integrations').count({ n: '*' }))[0]!.n)).to.equal(0);
  });

  it('saves a change, issuing a webhook secret for a first URL only, and drops the cached entry', async () => {
    const s = setup();
    const { integration, clientId } = await s.create.execute(base);
    s.clock.advance(1000);
    const first = await s.update.execute(integration.id, { webhookUrl: 'https://a.example/h', active: false });
    expect(first.webhookSecret).to.match(/^whsec_/);
    const second = await s.update.execute(integration.id, { webhookUrl: 'https://b.example/h' });
    expect(second.webhookSecret).to.equal(undefined);
    const row = await db.knex('integrations').where({ id: integration.id }).first();
    expect(row).to.include({ webhook_url: 'https://b.example/h', active: false });
    expect(row.updated_at.toISOString()).to.equal('2026-03-01T10:00:01.000Z');
    expect(s.invalidated).to.deep.equal([clientId, clientId]);
    await expect(s.update.execute('30000000-0000-4000-8000-000000000009', { active: true })).to.be.rejectedWith(
      IntegrationNotFound,
    );
  });

  it('rotates the client secret; the old one verifies until the overlap ends', async () => {
    const s = setup();
    const { integration, clientSecret: old } = await s.create.execute(base);
    const rotated = await s.rotate.execute(integration.id, { overlapSeconds: 60 });
    expect(rotated.previousSecretExpiresAt!.toISOString()).to.equal('2026-03-01T10:01:00.000Z');
    const [stored] = await s.list.execute({ tenantId });
    expect(stored!.signingSecretsAt(new Date('2026-03-01T10:00:59.000Z'))).to.deep.equal([rotated.clientSecret, old]);
    expect(stored!.signingSecretsAt(new Date('2026-03-01T10:01:00.000Z'))).to.deep.equal([rotated.clientSecret]);
    const byDefault = await s.rotate.execute(integration.id);
    expect(byDefault.previousSecretExpiresAt!.toISOString()).to.equal('2026-03-02T10:00:00.000Z');
  });
});
