import { Type, type Static } from '@sinclair/typebox';
import { STAFF_ROLES } from '../../domain/access/staff-roles.js';
import { PASSWORD_LENGTH } from '../../domain/staff/staff.js';
import { DateTime, Name, OneOf, PageQueryFields, Text, Uuid } from '../shared/schemas.js';

/*
 * The back office's own inputs: signing in, staff, personal access tokens, TOTP and the audit
 * log. Each schema validates its input, types its command and is published in the document.
 */

const Email = Type.String({
  format: 'email',
  maxLength: 254,
  'x-message': 'email must be an email address',
  'x-lowercase': true,
});
const Password = Type.String({
  minLength: PASSWORD_LENGTH.min,
  maxLength: PASSWORD_LENGTH.max,
  'x-message': `The password must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
});
const Role = OneOf(STAFF_ROLES);
/** `null`: every tenant (platform staff). */
const TenantIds = Type.Union([Type.Array(Uuid, { minItems: 1, maxItems: 1000, uniqueItems: true }), Type.Null()]);
/** A one-time code (6 digits) or a recovery code. */
const Code = Type.String({ minLength: 6, maxLength: 32, pattern: '^[0-9A-Za-z-]+$' });

/** `POST /session`. The password is only checked for length at sign-in by the hash, never here. */
export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_LENGTH.max }),
    totp: Type.Optional(Code),
  },
  { additionalProperties: false },
);
export type SignInCommand = Static<typeof SignInBody>;

/** `POST /staff`. */
export const CreateStaffBody = Type.Object(
  { email: Email, name: Name, role: Role, tenantIds: Type.Optional(TenantIds), password: Password },
  { additionalProperties: false },
);
export type CreateStaffCommand = Static<typeof CreateStaffBody>;

/** `PATCH /staff/:id`: at least one field. */
export const UpdateStaffBody = Type.Object(
  {
    name: Type.Optional(Name),
    role: Type.Optional(Role),
    tenantIds: Type.Optional(TenantIds),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateStaffCommand = Static<typeof UpdateStaffBody>;

/** `PUT /staff/me/password`. */
export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_LENGTH.max }), newPassword: Password },
  { additionalProperties: false },
);
export type ChangePasswordCommand = Static<typeof ChangePasswordBody>;

/** The command line's `staff:reset-password`. */
export const ResetPasswordBody = Type.Object({ password: Password }, { additionalProperties: false });

/** `POST /staff/me/totp/confirm`. */
export const ConfirmTotpBody = Type.Object({ code: Code }, { additionalProperties: false });

/** `POST /staff/me/tokens`. */
export const CreateAccessTokenBody = Type.Object(
  {
    name: Text(100),
    expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 90 })),
  },
  { additionalProperties: false },
);
export type CreateAccessTokenCommand = Static<typeof CreateAccessTokenBody>;

/** `GET /staff`. */
export const ListStaffQuery = Type.Object({ ...PageQueryFields });

/** `GET /audit`: newest first. */
export const ListAuditQuery = Type.Object({
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tenantId: Type.Optional(Uuid),
  targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  from: Type.Optional(DateTime('from')),
  to: Type.Optional(DateTime('to')),
  ...PageQueryFields,
});
export type ListAuditQuery = Static<typeof ListAuditQuery>;
