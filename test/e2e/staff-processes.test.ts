import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { resetData, TEST_DATABASE_URL, testDatabase } from '../support/database.js';
import { startApiProcess, until, type ApiProcess } from '../support/processes.js';
import { ADMIN_TOKEN, call } from '../support/service.js';
import { asStaff, createStaff, signIn } from '../support/staff.js';

describe('e2e: staff across two API processes on one PostgreSQL (revocation, sign-in throttle)', function () {
  let a: ApiProcess;
  let b: ApiProcess;

  before(async function () {
    if (!TEST_DATABASE_URL) {
      console.log('      skipped: two processes need a PostgreSQL server in TEST_DATABASE_URL');
      this.skip();
    }
    await resetData((await testDatabase()).knex);
    const env = { DATABASE_URL: TEST_DATABASE_URL!, ADMIN_TOKEN, SECRETS_KEY: randomBytes(32).toString('hex') };
    [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  });
  after(async () => {
    await Promise.all([a, b].map((p) => p?.stop()));
  });

  it('a session signed in on one process works on the other, and a role change on one ends it on both within 5 s', async () => {
    const member = await createStaff(a.baseUrl, { email: 'moved@example.com', role: 'APPROVER' });
    const { cookie } = await signIn(a.baseUrl, 'moved@example.com');
    const onB = asStaff(b.baseUrl, cookie!);
    expect((await onB('GET', '/session')).status).to.equal(200);
    const changed = await call(a.baseUrl, 'PATCH', `/api/v1/admin/staff/${member.id}`, { body: { role: 'VIEWER' } });
    expect(changed.status).to.equal(200);
    const started = Date.now();
    await until(
      async () => (await onB('GET', '/session')).status === 401,
      5_000,
      'the session refused on the other process',
    );
    expect(Date.now() - started).to.be.lessThan(5_000);
    expect((await asStaff(a.baseUrl, cookie!)('GET', '/session')).status).to.equal(401);
  });

  it('deactivating a member ends its tokens on the other process', async () => {
    const member = await createStaff(a.baseUrl, { email: 'gone@example.com', role: 'VIEWER' });
    const me = asStaff(a.baseUrl, (await signIn(a.baseUrl, 'gone@example.com')).cookie!);
    const token = (await me('POST', '/staff/me/tokens', { name: 'script' })).body.data.token as string;
    const viaB = () => call(b.baseUrl, 'GET', '/api/v1/admin/session', { token });
    expect((await viaB()).status).to.equal(200);
    await call(a.baseUrl, 'PATCH', `/api/v1/admin/staff/${member.id}`, { body: { active: false } });
    await until(async () => (await viaB()).status === 401, 5_000, 'the token refused on the other process');
  });

  it('counts failed sign-ins for one email across both processes: the sixth is 429 wherever it lands', async () => {
    await createStaff(a.baseUrl, { email: 'guess@example.com', role: 'VIEWER' });
    for (let i = 0; i < 5; i++) {
      const r = await signIn([a, b][i % 2]!.baseUrl, 'guess@example.com', 'wrong password 123');
      expect(r.response.status).to.equal(401);
    }
    for (const p of [a, b]) {
      const r = await signIn(p.baseUrl, 'guess@example.com');
      expect(r.response.status).to.equal(429);
      expect(r.response.body.code).to.equal('RATE_LIMITED');
      expect(Number(r.response.headers.get('retry-after'))).to.be.within(1, 900);
    }
  });
});
