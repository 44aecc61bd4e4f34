import { expect } from 'chai';
import { TEST_DATABASE_URL } from '../support/database.js';
import { startServiceHarness, type ServiceHarness } from '../support/external-harness.js';
import { createBillingTenant, createIntegration, type BillingTenant } from '../support/mothers.js';
import { asStaff, createStaff, PASSWORD, signIn, totpCode } from '../support/staff.js';

describe('e2e: the audit log (one entry per change, in its transaction; append-only; hash-chained)', function () {
  let h: ServiceHarness;
  let t: BillingTenant;
  const knex = () => h.svc.database.knex;
  const entries = (where: Record<string, unknown> = {}) => knex()('audit_log').where(where).orderBy('seq');

  before(async () => {
    h = await startServiceHarness();
    t = await createBillingTenant(h.svc.baseUrl, 'Audited');
  });
  after(async () => {
    await h.stop();
  });

  it('records a change with its actor, target, tenant, address, request id and each field’s old and new value', async () => {
    await createStaff(h.svc.baseUrl, { email: 'auditor@example.com', role: 'ADMIN' });
    const admin = asStaff(h.svc.baseUrl, (await signIn(h.svc.baseUrl, 'auditor@example.com')).cookie!);
    const integration = await createIntegration(h.svc.baseUrl, t);
    const patched = await admin(
      'PATCH',
      `/integrations/${integration.id}`,
      { rateLimitPerMinute: 600 },
      { 'x-request-id': 'req-audit-1' },
    );
    expect(patched.status).to.equal(200);
    const [entry] = await entries({ action: 'integration.update' });
    expect(entry).to.include({
      actor_type: 'STAFF',
      actor_email: 'auditor@example.com',
      tenant_id: t.tenantId,
      target_type: 'integration',
      target_id: integration.id,
      request_id: 'req-audit-1',
    });
    expect(entry.ip).to.match(/127\.0\.0\.1/);
    expect(entry.changes).to.deep.equal({ rateLimitPerMinute: { old: null, new: 600 } });
    const listed = await admin('GET', `/audit?action=integration.update&targetId=${integration.id}`);
    expect(listed.body.data).to.have.length(1);
    expect(listed.body.data[0]).to.deep.include({
      action: 'integration.update',
      actor: { type: 'STAFF', staffId: entry.actor_staff_id, email: 'auditor@example.com' },
    });
  });

  it('leaves no entry when the change fails (it rolls back with it)', async () => {
    const adjust = async (type: 'STOCK_IN' | 'STOCK_OUT', quantity: number) => {
      const r = await h.external(t.caller, 'POST', '/products/adjust', {
        warehouseId: t.warehouseId,
        reason: 'Count',
        items: [{ productId: t.productIds[0], quantity, type }],
      });
      expect(r.status, JSON.stringify(r.body)).to.equal(201);
      return r.body.data.id as string;
    };
    expect((await h.admin('POST', `/stock-adjustments/${await adjust('STOCK_IN', 5)}/approve`)).status).to.equal(200);
    const first = await adjust('STOCK_OUT', 5);
    const second = await adjust('STOCK_OUT', 5);
    expect((await h.admin('POST', `/stock-adjustments/${first}/approve`)).status).to.equal(200);
    const before = (await entries()).length;
    // The second finds no stock left at approval: its transaction rolls back, and its entry with it.
    const refused = await h.admin('POST', `/stock-adjustments/${second}/approve`);
    expect(refused.status).to.equal(409);
    expect((await entries()).length).to.equal(before);
    const adjustment = { body: { data: { id: second } } };
    const rejected = await h.admin('POST', `/stock-adjustments/${adjustment.body.data.id}/reject`, { reason: 'No' });
    expect(rejected.status).to.equal(200);
    const [entry] = await entries({ action: 'stock-adjustment.reject', target_id: adjustment.body.data.id });
    expect(entry).to.include({ actor_type: 'BOOTSTRAP', actor_email: 'bootstrap', tenant_id: t.tenantId });
    expect(entry.changes.status).to.deep.equal({ old: 'PENDING', new: 'REJECTED' });
  });

  it('audits sign-ins, failed sign-ins and sign-outs', async () => {
    await createStaff(h.svc.baseUrl, { email: 'events@example.com', role: 'VIEWER' });
    await signIn(h.svc.baseUrl, 'events@example.com', 'not the password');
    const me = asStaff(h.svc.baseUrl, (await signIn(h.svc.baseUrl, 'events@example.com')).cookie!);
    await me('DELETE', '/session');
    const actions = (await entries({ actor_email: 'events@example.com' })).map((e) => e.action);
    expect(actions).to.deep.equal(['session.fail', 'session.create', 'session.delete']);
  });

  it('keeps 50 concurrent changes in one unbroken chain (on PostgreSQL: real concurrency)', async function () {
    if (!TEST_DATABASE_URL) console.log('      (embedded database: its one connection serialises the changes)');
    const integrations = await Promise.all(Array.from({ length: 5 }, () => createIntegration(h.svc.baseUrl, t)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.admin('PATCH', `/integrations/${integrations[i % 5]!.id}`, { rateLimitPerMinute: 100 + i }),
      ),
    );
    expect(answers.map((a) => a.status)).to.deep.equal(Array(50).fill(200));
    const seqs = (await entries()).map((e) => Number(e.seq));
    expect(seqs).to.deep.equal(seqs.map((_, i) => i + 1));
    const verdict = await h.admin('GET', '/audit/verify');
    expect(verdict.body.data).to.deep.equal({ entries: seqs.length, valid: true, firstBrokenSeq: null });
  });

  it('refuses UPDATE and DELETE of an entry; one edited or deleted anyway (as superuser) breaks the chain at its seq', async () => {
    const [victim] = await knex()('audit_log').orderBy('seq').offset(3).limit(1);
    const seq = Number(victim.seq);
    let refused: unknown = null;
    await knex()('audit_log')
      .where({ seq })
      .update({ actor_email: 'someone-else' })
      .catch((e) => (refused = e));
    expect(String(refused)).to.match(/append-only/);
    refused = null;
    await knex()('audit_log')
      .where({ seq })
      .delete()
      .catch((e) => (refused = e));
    expect(String(refused)).to.match(/append-only/);

    const bypassing = async (work: (trx: typeof knex extends () => infer K ? K : never) => Promise<unknown>) =>
      knex().transaction(async (trx) => {
        await trx.raw('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
        await work(trx as never);
        await trx.raw('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
      });
    await bypassing((trx) => trx('audit_log').where({ seq }).update({ actor_email: 'someone-else' }));
    let verdict = (await h.admin('GET', '/audit/verify')).body.data;
    expect(verdict).to.include({ valid: false, firstBrokenSeq: seq });
    await bypassing((trx) => trx('audit_log').where({ seq }).update({ actor_email: victim.actor_email }));
    expect((await h.admin('GET', '/audit/verify')).body.data).to.include({ valid: true });

    await bypassing((trx) =>
      trx('audit_log')
        .where({ seq: seq + 1 })
        .delete(),
    );
    verdict = (await h.admin('GET', '/audit/verify')).body.data;
    expect(verdict).to.include({ valid: false, firstBrokenSeq: seq + 1 });
    const last = await knex()('audit_log').orderBy('seq', 'desc').first();
    await bypassing((trx) => trx('audit_log').where({ seq: last.seq }).delete());
    verdict = (await h.admin('GET', '/audit/verify')).body.data;
    expect(verdict.firstBrokenSeq, 'the first break is still the one in the middle').to.equal(seq + 1);
  });

  it('never shows a secret, hash or password in any entry (the whole table, after every kind of change)', async () => {
    const secrets: string[] = [PASSWORD];
    const created = await createIntegration(h.svc.baseUrl, t, { webhookUrl: 'http://127.0.0.1:9/hooks' });
    secrets.push(created.clientSecret, created.webhookSecret!);
    secrets.push((await h.admin('POST', `/integrations/${created.id}/rotate-secret`, {})).body.data.clientSecret);
    secrets.push((await h.admin('POST', `/integrations/${created.id}/api-key`, {})).body.data.apiKey);
    await createStaff(h.svc.baseUrl, { email: 'secrets@example.com', role: 'ADMIN' });
    const me = asStaff(h.svc.baseUrl, (await signIn(h.svc.baseUrl, 'secrets@example.com')).cookie!);
    secrets.push((await me('POST', '/staff/me/tokens', { name: 'x' })).body.data.token);
    const totp = (await me('POST', '/staff/me/totp')).body.data.secret;
    secrets.push(
      totp,
      ...(await me('POST', '/staff/me/totp/confirm', { code: totpCode(totp) })).body.data.recoveryCodes,
    );
    const newPassword = 'another long passphrase';
    await me('PUT', '/staff/me/password', { currentPassword: PASSWORD, newPassword });
    secrets.push(newPassword);

    const rows = await knex()('audit_log').select('*');
    const text = JSON.stringify(rows);
    for (const secret of secrets) expect(text, 'a secret in the audit log').to.not.include(secret);
    expect(text).to.not.match(/\$argon2/);
    const stored = await knex()('staff').select('password_hash');
    for (const { password_hash } of stored) expect(text).to.not.include(password_hash);
    // Secrets are named as changed, never shown: every such field of every entry is only a name.
    const named = rows.flatMap((r) => Object.entries(r.changes as Record<string, unknown>));
    const secretFields = named.filter(([field]) => /secret|hash|password|token|key|totp|recovery/i.test(field));
    expect(secretFields.map(([f]) => f)).to.include.members([
      'clientSecretEnc',
      'passwordHash',
      'tokenHash',
      'apiKeyHash',
    ]);
    for (const [field, change] of secretFields) expect(change, field).to.deep.equal({ hidden: true });
  });
});
