import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import type { StaffBackOffice } from '../../application/back-office.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import { ListAudit, VerifyAudit } from '../../application/staff/audit-trail.js';
import { AuthenticateStaff } from '../../application/staff/authenticate-staff.js';
import { CreateStaff, ListStaff, ResetStaffPassword, UpdateStaff } from '../../application/staff/manage-staff.js';
import {
  ChangePassword,
  ConfirmTotp,
  CreateAccessToken,
  ListAccessTokens,
  RevokeAccessToken,
  StartTotp,
} from '../../application/staff/own-account.js';
import { SignIn, SignOut, type SessionPolicy } from '../../application/staff/sign-in.js';
import { TOKENS } from '../../application/tokens.js';
import { ListApprovals } from '../../application/approvals/list-approvals.js';
import { KnexApprovalsInbox } from '../../adapters/persistence/approvals-inbox.js';
import { KnexRecordTenancy } from '../../adapters/persistence/staff/audit-targets.js';
import { PostgresSignInThrottle } from '../../adapters/persistence/staff/sign-in-throttle.js';
import {
  Argon2PasswordHasher,
  OtplibOneTimeCodes,
  RandomSecretTokens,
} from '../../adapters/security/staff-credentials.js';
import type { Config } from '../config.js';
import { INFRA } from '../tokens.js';
import { bindFactory, bindUseCase } from './bind.js';

/** Sessions: 30 minutes idle (sliding), 12 hours at most. */
const SESSION_IDLE_MS = 30 * 60_000;
const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

/** The issuer an authenticator app shows beside the code. */
const TOTP_ISSUER = 'Inventory & Billing';

function policyOf(config: Config): SessionPolicy {
  return { idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS, adminTotpRequired: config.adminTotpRequired };
}

/**
 * The back office's people: their credentials' adapters and use cases, as the staff routes'
 * group; and the approvals inbox they decide from.
 */
export const staffModule = new ContainerModule(({ bind }) => {
  bindUseCase(bind, TOKENS.RecordTenancy, KnexRecordTenancy, [INFRA.Knex]);
  bindFactory(
    bind,
    TOKENS.ApprovalsBackOffice,
    (knex: Knex) => ({ listApprovals: new ListApprovals(new KnexApprovalsInbox(knex)) }),
    [INFRA.Knex],
  );
  const tokens = new RandomSecretTokens();
  bindFactory(
    bind,
    TOKENS.AuthenticateStaff,
    (uow: UnitOfWork, clock: Clock, config: Config) => new AuthenticateStaff(uow, tokens, clock, policyOf(config)),
    [TOKENS.UnitOfWork, TOKENS.Clock, INFRA.Config],
  );
  bindFactory(
    bind,
    TOKENS.StaffBackOffice,
    (uow: UnitOfWork, clock: Clock, ids: IdGenerator, config: Config, knex: Knex): StaffBackOffice => {
      const hasher = new Argon2PasswordHasher();
      const codes = new OtplibOneTimeCodes(TOTP_ISSUER);
      const throttle = new PostgresSignInThrottle(knex);
      return {
        signIn: new SignIn(uow, hasher, codes, tokens, throttle, ids, clock, policyOf(config)),
        signOut: new SignOut(uow, clock),
        createStaff: new CreateStaff(uow, hasher, ids, clock),
        listStaff: new ListStaff(uow),
        updateStaff: new UpdateStaff(uow, clock),
        resetStaffPassword: new ResetStaffPassword(uow, hasher, clock),
        changePassword: new ChangePassword(uow, hasher, clock),
        startTotp: new StartTotp(uow, codes, clock),
        confirmTotp: new ConfirmTotp(uow, codes, tokens, clock),
        createAccessToken: new CreateAccessToken(uow, tokens, ids, clock),
        listAccessTokens: new ListAccessTokens(uow),
        revokeAccessToken: new RevokeAccessToken(uow, clock),
        listAudit: new ListAudit(uow),
        verifyAudit: new VerifyAudit(uow),
      };
    },
    [TOKENS.UnitOfWork, TOKENS.Clock, TOKENS.IdGenerator, INFRA.Config, INFRA.Knex],
  );
});
