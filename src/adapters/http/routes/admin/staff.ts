import { Type } from '@sinclair/typebox';
import type { StaffBackOffice } from '../../../../application/back-office.js';
import {
  ChangePasswordBody,
  ConfirmTotpBody,
  CreateAccessTokenBody,
  CreateStaffBody,
  ListAuditQuery,
  ListStaffQuery,
  ResetPasswordBody,
  SignInBody,
  UpdateStaffBody,
} from '../../../../application/staff/commands.js';
import {
  AccessTokenData,
  AuditEntryData,
  AuditVerdictData,
  CreatedAccessTokenData,
  RecoveryCodesData,
  SessionData,
  StaffData,
  TotpSetupData,
} from '../../../shared/responses/staff.js';
import { presentAccessToken, presentAuditEntry, presentSession, presentStaff } from '../../staff-presenters.js';
import { adminRoute, presentPage } from '../route.js';
import {
  DuplicateStaffEmail,
  ScopeBeyondOwn,
  WrongCurrentPassword,
  WrongTotpCode,
} from '../../../../domain/staff/staff.js';

const STAFF = 'Back office: Staff';
const route = adminRoute<StaffBackOffice>();

/** Every role: its own session, password, TOTP and tokens. */
const OWN = { role: 'VIEWER', tenant: 'any' } as const;

/** Signing in and out, staff, each member's own account, and the audit log. */
export const STAFF_ADMIN_ROUTES = [
  route({
    method: 'post',
    path: '/session',
    operationId: 'adminSignIn',
    access: { ...OWN, anonymous: true },
    summary: 'Sign in',
    description:
      'Sets the session cookie (HttpOnly, SameSite=Strict; 30 minutes idle, 12 hours at most). An account with ' +
      'TOTP needs `totp`: a current code or an unused recovery code. 5 failures for one email or 20 from one ' +
      'address within 15 minutes answer 429 until the window ends.',
    tag: STAFF,
    body: SignInBody,
    success: { status: 200, data: SessionData },
    errors: [401, 429],
    example: { email: 'jane@example.com', password: 'correct horse battery staple' },
    handle: async (uc, { body, origin, session }) => {
      const signedIn = await uc.signIn.execute(body, origin);
      session.set(signedIn.token, signedIn.expiresAt);
      return presentSession({ ...signedIn.member, staffId: signedIn.member.id }, signedIn.expiresAt);
    },
  }),
  route({
    method: 'get',
    path: '/session',
    operationId: 'adminGetSession',
    access: { ...OWN, duringTotpEnrolment: true },
    summary: 'Who is signed in',
    tag: STAFF,
    success: { status: 200, data: SessionData },
    handle: async (_uc, { actor }) => presentSession(actor, actor.sessionExpiresAt ?? null),
  }),
  route({
    method: 'delete',
    path: '/session',
    operationId: 'adminSignOut',
    access: { ...OWN, duringTotpEnrolment: true },
    summary: 'Sign out',
    description: 'Revokes the session on every process and clears the cookie.',
    tag: STAFF,
    success: { status: 204, data: Type.Null() },
    handle: async (uc, { actor, origin, session }) => {
      await uc.signOut.execute(actor, origin);
      session.clear();
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/staff',
    operationId: 'adminCreateStaff',
    access: { role: 'ADMIN', tenant: 'any', audit: { action: 'staff.create', target: 'staff' } },
    summary: 'Create a staff member',
    description:
      'The password (12 to 128 characters) is stored as an argon2id hash. A member with `tenantIds` sees only ' +
      'those tenants; without, every tenant, which only an ADMIN of every tenant may grant.',
    tag: STAFF,
    rules: [
      { field: 'email', rule: DuplicateStaffEmail.rule },
      { field: 'tenantIds', rule: ScopeBeyondOwn.rule },
    ],
    body: CreateStaffBody,
    success: { status: 201, data: StaffData },
    example: {
      email: 'jane@example.com',
      name: 'Jane Doe',
      role: 'APPROVER',
      password: 'correct horse battery staple',
    },
    handle: async (uc, { body, actor, audit }) => presentStaff(await uc.createStaff.execute(actor, body, audit)),
  }),
  route({
    method: 'get',
    path: '/staff',
    operationId: 'adminListStaff',
    access: { role: 'ADMIN', tenant: 'any' },
    summary: 'List staff',
    description: 'Oldest first; a scoped ADMIN sees the members within its own tenants.',
    tag: STAFF,
    query: ListStaffQuery,
    success: { status: 200, data: StaffData, paginated: true },
    handle: async (uc, { query, actor }) => presentPage(await uc.listStaff.execute(actor, query), presentStaff),
  }),
  route({
    method: 'patch',
    path: '/staff/:id',
    operationId: 'adminUpdateStaff',
    access: { role: 'ADMIN', tenant: 'any', audit: { action: 'staff.update', target: 'staff' } },
    summary: 'Change a staff member',
    description: 'A role change or a deactivation revokes its sessions and tokens at once, on every process.',
    tag: STAFF,
    rules: [{ field: 'tenantIds', rule: ScopeBeyondOwn.rule }],
    body: UpdateStaffBody,
    success: { status: 200, data: StaffData },
    errors: [404],
    example: { role: 'VIEWER' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentStaff(await uc.updateStaff.execute(actor, params.id, body, audit)),
  }),
  route({
    method: 'post',
    path: '/staff/:id/reset-password',
    operationId: 'adminResetStaffPassword',
    access: { role: 'ADMIN', tenant: 'any', audit: { action: 'staff.reset-password', target: 'staff' } },
    summary: "Set a staff member's password",
    description: 'For a member who lost theirs; every session of the member ends.',
    tag: STAFF,
    body: ResetPasswordBody,
    success: { status: 200, data: StaffData },
    errors: [404],
    example: { password: 'a new long passphrase' },
    handle: async (uc, { params, body, actor, audit }) =>
      presentStaff(await uc.resetStaffPassword.execute(actor, params.id, body.password, audit)),
  }),
  route({
    method: 'put',
    path: '/staff/me/password',
    operationId: 'adminChangeOwnPassword',
    access: { ...OWN, duringTotpEnrolment: true, audit: { action: 'staff.change-password', target: 'staff' } },
    summary: 'Change your password',
    description: 'Needs the current one; every other session of yours ends.',
    tag: STAFF,
    rules: [{ field: 'currentPassword', rule: WrongCurrentPassword.rule }],
    body: ChangePasswordBody,
    success: { status: 204, data: Type.Null() },
    example: { currentPassword: 'correct horse battery staple', newPassword: 'a new long passphrase' },
    handle: async (uc, { body, actor, audit }) => {
      await uc.changePassword.execute(actor, body, audit);
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/staff/me/totp',
    operationId: 'adminStartTotp',
    access: { ...OWN, duringTotpEnrolment: true, audit: { action: 'staff.start-totp', target: 'staff' } },
    summary: 'Start setting up a one-time code',
    description: 'Answers a secret to add to an authenticator app; sign-in needs codes once it is confirmed.',
    tag: STAFF,
    success: { status: 200, data: TotpSetupData },
    handle: async (uc, { actor, audit }) => uc.startTotp.execute(actor, audit),
  }),
  route({
    method: 'post',
    path: '/staff/me/totp/confirm',
    operationId: 'adminConfirmTotp',
    access: { ...OWN, duringTotpEnrolment: true, audit: { action: 'staff.enable-totp', target: 'staff' } },
    summary: 'Confirm the one-time code',
    description: 'A current code turns TOTP on and answers 10 single-use recovery codes, this once.',
    tag: STAFF,
    rules: [{ field: 'code', rule: WrongTotpCode.rule }],
    body: ConfirmTotpBody,
    success: { status: 200, data: RecoveryCodesData },
    example: { code: '123456' },
    handle: async (uc, { body, actor, audit }) => uc.confirmTotp.execute(actor, body.code, audit),
  }),
  route({
    method: 'post',
    path: '/staff/me/tokens',
    operationId: 'adminCreateAccessToken',
    access: { ...OWN, audit: { action: 'access-token.create', target: 'access-token' } },
    summary: 'Create a personal access token',
    description:
      'Answers the token (`pat_` and 43 characters) this once; send it as `Authorization: Bearer` to act as yourself.',
    tag: STAFF,
    body: CreateAccessTokenBody,
    success: { status: 201, data: CreatedAccessTokenData },
    example: { name: 'laptop CLI', expiresInDays: 30 },
    handle: async (uc, { body, actor, audit }) => {
      const created = await uc.createAccessToken.execute(actor, body, audit);
      return { id: created.id, name: created.name, token: created.token, expiresAt: created.expiresAt.toISOString() };
    },
  }),
  route({
    method: 'get',
    path: '/staff/me/tokens',
    operationId: 'adminListAccessTokens',
    access: OWN,
    summary: 'List your personal access tokens',
    description: 'Never the tokens themselves.',
    tag: STAFF,
    success: { status: 200, data: Type.Array(AccessTokenData) },
    handle: async (uc, { actor }) => (await uc.listAccessTokens.execute(actor)).map(presentAccessToken),
  }),
  route({
    method: 'delete',
    path: '/staff/me/tokens/:id',
    operationId: 'adminRevokeAccessToken',
    access: { ...OWN, audit: { action: 'access-token.revoke', target: 'access-token' } },
    summary: 'Revoke a personal access token',
    tag: STAFF,
    success: { status: 204, data: Type.Null() },
    errors: [404],
    handle: async (uc, { params, actor, audit }) => {
      await uc.revokeAccessToken.execute(actor, params.id, audit);
      return null;
    },
  }),
  route({
    method: 'get',
    path: '/audit',
    operationId: 'adminListAudit',
    access: { role: 'ADMIN', tenant: 'any' },
    summary: 'The audit log',
    description: 'Newest first; a scoped ADMIN sees the entries of its own tenants.',
    tag: STAFF,
    query: ListAuditQuery,
    success: { status: 200, data: AuditEntryData, paginated: true },
    handle: async (uc, { query, actor }) => presentPage(await uc.listAudit.execute(actor, query), presentAuditEntry),
  }),
  route({
    method: 'get',
    path: '/audit/verify',
    operationId: 'adminVerifyAudit',
    access: { role: 'ADMIN', tenant: 'unscoped' },
    summary: 'Verify the audit log',
    description:
      "Recomputes every entry's hash and link; an entry edited or deleted in the database shows as `valid: false` with its `seq`.",
    tag: STAFF,
    success: { status: 200, data: AuditVerdictData },
    handle: async (uc) => uc.verifyAudit.execute(),
  }),
];
