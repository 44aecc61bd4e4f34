import { Type } from '@sinclair/typebox';
import { STAFF_ROLES } from '../../../domain/access/staff-roles.js';
import { Id, Timestamp } from './common.js';

/** The `data` of the back office's own answers: staff, sessions, tokens, TOTP and the audit log. */

const Role = Type.Union(STAFF_ROLES.map((r) => Type.Literal(r)));
const TenantIds = Type.Union([Type.Array(Id), Type.Null()], { description: 'null: every tenant.' });

/** A staff member (never a password hash or TOTP secret). */
export const StaffData = Type.Object(
  {
    id: Id,
    email: Type.String(),
    name: Type.String(),
    role: Role,
    tenantIds: TenantIds,
    active: Type.Boolean(),
    totpEnabled: Type.Boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);

/** `POST` and `GET /session`. */
export const SessionData = Type.Object(
  {
    staff: Type.Object(
      {
        id: Type.Union([Id, Type.Null()]),
        email: Type.String(),
        name: Type.String(),
        role: Role,
        tenantIds: TenantIds,
      },
      { additionalProperties: false },
    ),
    expiresAt: Type.Union([Timestamp, Type.Null()], { description: "The session's absolute end; null for a token." }),
  },
  { additionalProperties: false },
);

export const AccessTokenData = Type.Object(
  {
    id: Id,
    name: Type.String(),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    lastUsedAt: Type.Union([Timestamp, Type.Null()]),
    revokedAt: Type.Union([Timestamp, Type.Null()]),
  },
  { additionalProperties: false },
);

export const CreatedAccessTokenData = Type.Object(
  {
    id: Id,
    name: Type.String(),
    token: Type.String({ description: 'Shown this once: store it now, it cannot be read again.' }),
    expiresAt: Timestamp,
  },
  { additionalProperties: false },
);

export const TotpSetupData = Type.Object(
  { secret: Type.String(), otpauthUrl: Type.String() },
  { additionalProperties: false },
);

export const RecoveryCodesData = Type.Object(
  {
    recoveryCodes: Type.Array(Type.String(), {
      description: 'Each accepted once in place of a code; shown this once.',
    }),
  },
  { additionalProperties: false },
);

const FieldChange = Type.Union([
  Type.Object({ old: Type.Unknown(), new: Type.Unknown() }, { additionalProperties: false }),
  Type.Object({ hidden: Type.Literal(true) }, { additionalProperties: false }),
]);

export const AuditEntryData = Type.Object(
  {
    seq: Type.Integer({ minimum: 1 }),
    at: Timestamp,
    actor: Type.Object(
      {
        type: Type.Union([Type.Literal('STAFF'), Type.Literal('TOKEN'), Type.Literal('BOOTSTRAP')]),
        staffId: Type.Union([Id, Type.Null()]),
        email: Type.String(),
      },
      { additionalProperties: false },
    ),
    action: Type.String(),
    tenantId: Type.Union([Id, Type.Null()]),
    targetType: Type.Union([Type.String(), Type.Null()]),
    targetId: Type.Union([Type.String(), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
    requestId: Type.Union([Type.String(), Type.Null()]),
    changes: Type.Record(Type.String(), FieldChange, {
      description: 'Each changed field with its old and new values; a secret, hash or password only by name.',
    }),
    hash: Type.String(),
  },
  { additionalProperties: false },
);

export const AuditVerdictData = Type.Object(
  {
    entries: Type.Integer({ minimum: 0 }),
    valid: Type.Boolean(),
    firstBrokenSeq: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  },
  { additionalProperties: false },
);
