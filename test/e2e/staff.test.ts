import { expect } from 'chai';
import { createProduct, createTenantSetup, type TenantSetup } from '../support/mothers.js';
import { callerFor, startInventoryHarness } from '../support/inventory.js';
import { call, startTestService, type TestService } from '../support/service.js';
import { asStaff, createStaff, PASSWORD, signIn, totpCode, withToken } from '../support/staff.js';

describe('e2e: back-office staff sign in as themselves', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(async () => {
    await svc.stop();
  });
  beforeEach(async () => {
    // Each test starts with no failed sign-ins counted.
    await svc.database.knex('auth_failure_limits').delete();
  });

  it('signs in with a session cookie (HttpOnly, SameSite=Strict, Path=/), reads the session, signs out everywhere', async () => {
    await createStaff(svc.baseUrl, { email: 'Jane@Example.com', role: 'APPROVER' });
    const { cookie, response } = await signIn(svc.baseUrl, 'jane@example.com');
    expect(response.status).to.equal(200);
    expect(response.body.data.staff).to.include({ email: 'jane@example.com', role: 'APPROVER' });
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie)
      .to.match(/HttpOnly/i)
      .and.match(/SameSite=Strict/i)
      .and.match(/Path=\//);
    expect(setCookie, 'Secure only in production').to.not.match(/Secure/);
    const jane = asStaff(svc.baseUrl, cookie!);
    const session = await jane('GET', '/session');
    expect(session.status).to.equal(200);
    expect(session.body.data.staff.email).to.equal('jane@example.com');
    expect(Date.parse(session.body.data.expiresAt) - Date.now()).to.be.within(11.9 * 3600_000, 12 * 3600_000);

    expect((await jane('DELETE', '/session')).status).to.equal(204);
    const after = await jane('GET', '/session');
    expect(after.status).to.equal(401);
    expect(after.body.code).to.equal('UNAUTHORIZED');
    // The cookie is stored only as a hash.
    const stored = await svc.database.knex('staff_sessions').select('token_hash');
    expect(stored.map((s) => s.token_hash)).to.not.include(cookie!.split('=')[1]);
  });

  it('answers a wrong password and an unknown email alike, in comparable time, and never leaks the hash', async () => {
    await createStaff(svc.baseUrl, { email: 'ann@example.com', role: 'VIEWER' });
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      const { response } = await signIn(svc.baseUrl, email, 'wrong password 123');
      return { response, ms: Number(process.hrtime.bigint() - started) / 1e6 };
    };
    const wrong = await time('ann@example.com');
    const unknown = await time('nobody@example.com');
    for (const { response } of [wrong, unknown]) {
      expect(response.status).to.equal(401);
      expect(response.body).to.include({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    }
    // Both spend one argon2id verification: neither is a fraction of the other.
    expect(unknown.ms).to.be.greaterThan(wrong.ms / 4);
    const listed = await call(svc.baseUrl, 'GET', '/api/v1/admin/staff');
    expect(JSON.stringify(listed.body)).to.not.match(/argon2|password/i);
  });

  it('refuses a cookie-authenticated change without the service origin (403 CSRF_REJECTED)', async () => {
    await createStaff(svc.baseUrl, { email: 'csrf@example.com', role: 'ADMIN' });
    const { cookie } = await signIn(svc.baseUrl, 'csrf@example.com');
    const admin = asStaff(svc.baseUrl, cookie!);
    for (const origin of ['https://evil.example', '']) {
      const r = await admin('POST', '/tenants', { name: 'Nope' }, { origin });
      expect(r.status, origin).to.equal(403);
      expect(r.body).to.include({ code: 'CSRF_REJECTED', message: 'Cross-site request refused' });
    }
    expect(await svc.database.knex('tenants').where({ name: 'Nope' })).to.have.length(0);
    expect((await admin('POST', '/tenants', { name: 'Yes' })).status).to.equal(201);
  });

  it('throttles sign-in: after 5 failures for one email, 429 RATE_LIMITED with Retry-After, even with the right password', async () => {
    await createStaff(svc.baseUrl, { email: 'slow@example.com', role: 'VIEWER' });
    for (let i = 0; i < 5; i++) {
      expect((await signIn(svc.baseUrl, 'slow@example.com', 'wrong password 123')).response.status).to.equal(401);
    }
    const blocked = (await signIn(svc.baseUrl, 'slow@example.com')).response;
    expect(blocked.status).to.equal(429);
    expect(blocked.body.code).to.equal('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).to.be.within(1, 900);
  });

  it('requires a TOTP code once confirmed (RFC 6238), and accepts each recovery code once', async () => {
    const member = await createStaff(svc.baseUrl, { email: 'totp@example.com', role: 'ADMIN' });
    const { cookie } = await signIn(svc.baseUrl, 'totp@example.com');
    const me = asStaff(svc.baseUrl, cookie!);
    const started = await me('POST', '/staff/me/totp');
    expect(started.status).to.equal(200);
    const { secret, otpauthUrl } = started.body.data;
    expect(otpauthUrl)
      .to.match(/^otpauth:\/\/totp\//)
      .and.include(`secret=${secret}`);
    expect(
      (await me('POST', '/staff/me/totp/confirm', { code: '000000' === totpCode(secret) ? '111111' : '000000' }))
        .status,
    ).to.equal(400);
    const confirmed = await me('POST', '/staff/me/totp/confirm', { code: totpCode(secret) });
    expect(confirmed.status).to.equal(200);
    const codes: string[] = confirmed.body.data.recoveryCodes;
    expect(codes).to.have.length(10);
    expect(new Set(codes).size).to.equal(10);
    // The secret is stored encrypted.
    const row = await svc.database.knex('staff').where({ id: member.id }).first();
    expect(row.totp_secret).to.not.include(secret);

    const noCode = (await signIn(svc.baseUrl, 'totp@example.com')).response;
    expect(noCode.status).to.equal(401);
    expect(noCode.body).to.include({ code: 'TOTP_REQUIRED', message: 'A valid one-time code is required' });
    // The confirming code's step is used: the next step's code signs in.
    const next = totpCode(secret, new Date(Date.now() + 30_000));
    expect((await signIn(svc.baseUrl, 'totp@example.com', PASSWORD, next)).response.status).to.equal(200);
    expect(
      (await signIn(svc.baseUrl, 'totp@example.com', PASSWORD, next)).response.status,
      'a code is used once',
    ).to.equal(401);
    expect((await signIn(svc.baseUrl, 'totp@example.com', PASSWORD, codes[0])).response.status).to.equal(200);
    expect((await signIn(svc.baseUrl, 'totp@example.com', PASSWORD, codes[0])).response.status).to.equal(401);
    expect((await signIn(svc.baseUrl, 'totp@example.com', PASSWORD, codes[1]!.toLowerCase())).response.status).to.equal(
      200,
    );
  });

  it('issues personal access tokens (pat_, shown once, stored hashed), lists them without the token, revokes them', async () => {
    await createStaff(svc.baseUrl, { email: 'pat@example.com', role: 'VIEWER' });
    const { cookie } = await signIn(svc.baseUrl, 'pat@example.com');
    const me = asStaff(svc.baseUrl, cookie!);
    const created = await me('POST', '/staff/me/tokens', { name: 'laptop' });
    expect(created.status).to.equal(201);
    const { token, id } = created.body.data;
    expect(token).to.match(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.body.data.expiresAt) - Date.now()).to.be.closeTo(90 * 86_400_000, 60_000);
    const viaToken = withToken(svc.baseUrl, token);
    const session = await viaToken('GET', '/session');
    expect(session.status).to.equal(200);
    expect(session.body.data.staff.email).to.equal('pat@example.com');
    const listed = await me('GET', '/staff/me/tokens');
    expect(listed.body.data).to.have.length(1);
    expect(JSON.stringify(listed.body.data)).to.not.include(token);
    expect(listed.body.data[0].lastUsedAt).to.be.a('string');
    const stored = await svc.database.knex('staff_tokens').first();
    expect(stored.token_hash).to.not.equal(token);
    // A token acts as its member: a VIEWER may not change anything.
    expect((await viaToken('POST', '/tenants', { name: 'No' })).status).to.equal(403);
    expect((await me('DELETE', `/staff/me/tokens/${id}`)).status).to.equal(204);
    expect((await viaToken('GET', '/session')).status).to.equal(401);
    expect((await me('DELETE', `/staff/me/tokens/${id}`)).status, 'revoking twice is no error').to.equal(204);
  });

  it('changing your password needs the current one and ends your other sessions', async () => {
    await createStaff(svc.baseUrl, { email: 'pw@example.com', role: 'VIEWER' });
    const one = asStaff(svc.baseUrl, (await signIn(svc.baseUrl, 'pw@example.com')).cookie!);
    const two = asStaff(svc.baseUrl, (await signIn(svc.baseUrl, 'pw@example.com')).cookie!);
    const wrong = await one('PUT', '/staff/me/password', {
      currentPassword: 'not it at all',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.status).to.equal(400);
    const short = await one('PUT', '/staff/me/password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(short.status).to.equal(400);
    expect(
      (await one('PUT', '/staff/me/password', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' }))
        .status,
    ).to.equal(204);
    expect((await one('GET', '/session')).status).to.equal(200);
    expect((await two('GET', '/session')).status).to.equal(401);
    expect((await signIn(svc.baseUrl, 'pw@example.com', 'a brand new passphrase')).response.status).to.equal(200);
  });

  it('records the caller as the approver of an adjustment, refusing another name in the body', async () => {
    const setup = await createTenantSetup(svc.baseUrl, 'Decisions');
    await createStaff(svc.baseUrl, { email: 'approver@example.com', role: 'APPROVER' });
    const approver = asStaff(svc.baseUrl, (await signIn(svc.baseUrl, 'approver@example.com')).cookie!);
    const ids = await seedAdjustment(svc, setup);
    const named = await approver('POST', `/stock-adjustments/${ids[0]}/approve`, { approvedBy: 'someone-else' });
    expect(named.status).to.equal(400);
    expect(named.body.details[0]).to.include({ field: 'approvedBy' });
    const approved = await approver('POST', `/stock-adjustments/${ids[0]}/approve`, {});
    expect(approved.status).to.equal(200);
    expect(approved.body.data.decidedBy).to.equal('approver@example.com');
    const rejected = await approver('POST', `/stock-adjustments/${ids[1]}/reject`, { reason: 'No stocktake' });
    expect(rejected.body.data.decidedBy).to.equal('approver@example.com');
    // The bootstrap token may still name the person it acts for.
    const third = await call(svc.baseUrl, 'POST', `/api/v1/admin/stock-adjustments/${ids[2]}/approve`, {
      body: { approvedBy: 'jane@back-office' },
    });
    expect(third.body.data.decidedBy).to.equal('jane@back-office');
  });
});

/** Three PENDING requests of one STOCK_IN item each, made through the external route. */
async function seedAdjustment(svc: TestService, setup: TenantSetup): Promise<string[]> {
  const product = await createProduct(svc.baseUrl, setup.tenantId, { name: 'Beans', sku: 'B-1', price: 5 });
  const h = await startInventoryHarness(svc);
  try {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await h.call(callerFor(setup), 'POST', '/products/adjust', {
        warehouseId: setup.warehouseId,
        reason: 'Count',
        items: [{ productId: product.id, quantity: 3, type: 'STOCK_IN' }],
      });
      expect(created.status).to.equal(201);
      ids.push(created.body.data.id);
    }
    return ids;
  } finally {
    await h.stop();
  }
}

describe('e2e: ADMINs must use a one-time code where STAFF_ADMIN_TOTP requires it', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ adminTotpRequired: true });
  });
  after(async () => {
    await svc.stop();
  });

  it('lets an ADMIN without one only set it up, then everything', async () => {
    await createStaff(svc.baseUrl, { email: 'new-admin@example.com', role: 'ADMIN' });
    await createStaff(svc.baseUrl, { email: 'viewer@example.com', role: 'VIEWER' });
    const admin = asStaff(svc.baseUrl, (await signIn(svc.baseUrl, 'new-admin@example.com')).cookie!);
    const refused = await admin('GET', '/tenants');
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('TOTP_ENROLMENT_REQUIRED');
    const { secret } = (await admin('POST', '/staff/me/totp')).body.data;
    expect((await admin('POST', '/staff/me/totp/confirm', { code: totpCode(secret) })).status).to.equal(200);
    expect((await admin('GET', '/tenants')).status).to.equal(200);
    // Only ADMINs: a VIEWER without a code reads as before.
    const viewer = asStaff(svc.baseUrl, (await signIn(svc.baseUrl, 'viewer@example.com')).cookie!);
    expect((await viewer('GET', '/tenants')).status).to.equal(200);
  });
});

describe('e2e: in production the bootstrap token is optional once a staff ADMIN exists', () => {
  it('starts without ADMIN_TOKEN when a staff ADMIN exists; the cookie is Secure; no bearer token is the bootstrap', async () => {
    const first = await startTestService();
    await createStaff(first.baseUrl, { email: 'owner@example.com', role: 'ADMIN' });
    await first.stop();
    const production = { production: true, nodeEnv: 'production', adminToken: null, adminTotpRequired: false };
    const svc = await startTestService(production, { reset: false });
    try {
      const { cookie, response } = await signIn(svc.baseUrl, 'owner@example.com');
      expect(response.headers.get('set-cookie')).to.match(/; Secure/i);
      expect((await asStaff(svc.baseUrl, cookie!)('GET', '/tenants')).status).to.equal(200);
      expect((await call(svc.baseUrl, 'GET', '/api/v1/admin/tenants')).status, 'the old bootstrap token').to.equal(401);
    } finally {
      await svc.stop();
    }
  });
});
