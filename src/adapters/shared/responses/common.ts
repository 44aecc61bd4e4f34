import { AUTH_FAILURE_CODES } from '../../../domain/access/errors.js';
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';

/**
 * The envelope of every answer (spec 2.1), declared once: the OpenAPI
 * document publishes it, the tests validate real responses against it and the SDK's types
 * come from it. Each context's response schemas (the `data` of its answers) live beside this
 * file, one per context.
 */

export const Metadata = Type.Object(
  { timestamp: Type.String({ format: 'date-time' }), requestId: Type.String() },
  { additionalProperties: false },
);

export const Pagination = Type.Object(
  {
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1 }),
    totalCount: Type.Integer({ minimum: 0 }),
    totalPages: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export const ErrorDetail = Type.Object({ field: Type.String(), issue: Type.String() }, { additionalProperties: false });

/** Every machine word an error answer can carry: the gate's, then the others. */
export const ERROR_CODES = [
  ...AUTH_FAILURE_CODES,
  'UNAUTHORIZED',
  'VALIDATION_ERROR',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'INSUFFICIENT_STOCK',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
  'WEBHOOK_TARGET_REFUSED',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'INVALID_CREDENTIALS',
  'TOTP_REQUIRED',
  'TOTP_ENROLMENT_REQUIRED',
  'CSRF_REJECTED',
];

export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    status: Type.Integer(),
    message: Type.String(),
    code: Type.String({ examples: [...ERROR_CODES] }),
    details: Type.Optional(Type.Array(ErrorDetail)),
    error: Type.Object(
      { code: Type.String(), message: Type.String(), details: Type.Array(ErrorDetail) },
      { additionalProperties: false },
    ),
    metadata: Metadata,
  },
  { additionalProperties: false },
);

/** `{ success: true, data, metadata }`. */
export function DataEnvelope<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Literal(true), data, metadata: Metadata }, { additionalProperties: false });
}

/** `{ success: true, data: [...], pagination, metadata }`. */
export function PageEnvelope<T extends TSchema>(item: T) {
  return Type.Object(
    { success: Type.Literal(true), data: Type.Array(item), pagination: Pagination, metadata: Metadata },
    { additionalProperties: false },
  );
}

/** A decimal amount or quantity as the API answers it (a JSON number, exact to its scale). */
export const Decimal = Type.Number();
export const Id = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time' });
export const NullableString = Type.Union([Type.String(), Type.Null()]);

/**
 * Who took a back-office decision: the caller's email (a staff member's, or `bootstrap`), taken
 * from its credentials; null `nullWhen`, and on records decided before staff signed in.
 */
export const DecidedBy = (who: string, nullWhen: string) =>
  Type.Union([Type.String({ examples: ['jane@example.com'] }), Type.Null()], {
    description: `${who}: the back-office caller's email, or \`bootstrap\`; null ${nullWhen}, and on records decided before staff signed in.`,
  });

/** An object schema that accepts no other properties: every response `data` is one. */
export const closed = <T extends TProperties>(properties: T, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
