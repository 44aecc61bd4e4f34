import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { KnexUnitOfWork } from '../../../src/adapters/persistence/unit-of-work.js';
import { PostgresSignInThrottle } from '../../../src/adapters/persistence/staff/sign-in-throttle.js';
import { AesGcmSecretCipher } from '../../../src/adapters/security/secret-cipher.js';
import {
  Argon2PasswordHasher,
  OtplibOneTimeCodes,
  RandomSecretTokens,
} from '../../../src/adapters/security/staff-credentials.js';
import { AuthenticateStaff } from '../../../src/application/staff/authenticate-staff.js';
import { CreateStaff } from '../../../src/application/staff/manage-staff.js';
import { SignIn, type SessionPolicy } from '../../../src/application/staff/sign-in.js';
import { BOOTSTRAP_ACTOR } from '../../../src/domain/staff/staff.js';
import { resetData, testDatabase } from '../../support/database.js';
import { FixedClock, SequentialIds } from '../../support/fakes.js';

const MINUTE = 60_000;
const POLICY: SessionPolicy = { idleMs: 30 * MINUTE, absoluteMs: 12 * 60 * MINUTE, adminTotpRequired: false };
const PASSWORD = 'correct horse battery staple';
const ORIGIN = { ip: '127.0.0.1', requestId: null };

describe('staff sessions: 30 minutes idle (sliding) and 12 hours at most, by the database, with a test clock', () => {
  let clock: FixedClock;
  let signIn: SignIn;
  let authenticate: AuthenticateStaff;

  beforeEach(async () => {
    const db = await testDatabase();
    await resetData(db.knex);
    clock = new FixedClock(new Date('2026-03-01T08:00:00.000Z'));
    const uow = new KnexUnitOfWork(db.knex, new AesGcmSecretCipher(randomBytes(32)));
    const tokens = new RandomSecretTokens();
    const hasher = new Argon2PasswordHasher();
    const ids = new SequentialIds();
    signIn = new SignIn(
      uow,
      hasher,
      new OtplibOneTimeCodes('Test'),
      tokens,
      new PostgresSignInThrottle(db.knex),
      ids,
      clock,
      POLICY,
    );
    authenticate = new AuthenticateStaff(uow, tokens, clock, POLICY);
    await new CreateStaff(uow, hasher, ids, clock).execute(BOOTSTRAP_ACTOR, {
      email: 'jane@example.com',
      name: 'Jane',
      role: 'VIEWER',
      password: PASSWORD,
    });
  });

  const live = async (token: string) =>
    authenticate.bySession(token).then(
      () => true,
      (err: Error) => {
        expect(err.message).to.equal('Missing, expired or revoked credentials');
        return false;
      },
    );

  it('slides: each request within 30 minutes keeps the session; 30 idle minutes end it', async () => {
    const { token } = await signIn.execute({ email: 'jane@example.com', password: PASSWORD }, ORIGIN);
    clock.advance(29 * MINUTE);
    expect(await live(token)).to.equal(true);
    clock.advance(29 * MINUTE);
    expect(await live(token), '58 minutes after sign-in, 29 after the last request').to.equal(true);
    clock.advance(30 * MINUTE + 1);
    expect(await live(token), '30 minutes idle').to.equal(false);
  });

  it('ends after 12 hours however busy', async () => {
    const { token, expiresAt } = await signIn.execute({ email: 'jane@example.com', password: PASSWORD }, ORIGIN);
    expect(expiresAt.getTime() - clock.now().getTime()).to.equal(12 * 60 * MINUTE);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      clock.advance(20 * MINUTE);
      expect(await live(token), `${minutes} minutes in`).to.equal(true);
    }
    clock.advance(20 * MINUTE);
    expect(await live(token), '12 hours in').to.equal(false);
  });
});
