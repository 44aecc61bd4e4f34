import type { DocumentedErrorCode, ErrorDetail } from './generated/responses/common.js';

/** An error code the API documents; others (`INVALID_STATE`, ...) are plain strings. */
export type ErrorCode = DocumentedErrorCode | (string & {});

/**
 * A non-2xx answer of the API, after any retries: its status, the envelope's `code`, `message`
 * and `details`, and the request id (`metadata.requestId`, else the `x-request-id` header) to
 * quote to support. An answer that is not the JSON envelope (a proxy's 502 page) has code
 * `HTTP_<status>`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[],
    readonly requestId: string | undefined,
  ) {
    super(message);
  }

  /** The error of an answer: `body` is its parsed JSON (or its text when it was not JSON). */
  static fromResponse(status: number, body: unknown, headers: Headers): ApiError {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
      error?: { details?: unknown };
      metadata?: { requestId?: unknown };
    };
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const details = Array.isArray(envelope.details)
      ? envelope.details
      : Array.isArray(envelope.error?.details)
        ? envelope.error.details
        : [];
    return new ApiError(
      status,
      text(envelope.code) ?? `HTTP_${status}`,
      text(envelope.message) ?? `HTTP ${status}`,
      details as ErrorDetail[],
      text(envelope.metadata?.requestId) ?? headers.get('x-request-id') ?? undefined,
    );
  }
}

export type WebhookVerificationFailure =
  'MISSING_SIGNATURE' | 'INVALID_SIGNATURE' | 'TIMESTAMP_OUT_OF_TOLERANCE' | 'MALFORMED_BODY';

/** A webhook delivery that failed verification: answer it with 401 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
  }
}
