import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, type ErrorKind } from '../../domain/shared/errors.js';
import { metadataOf, type Metadata } from './envelope.js';
import { isDatabaseUnavailable } from '../shared/database-availability.js';
import {
  BodyNotAnObject,
  DatabaseUnavailable,
  MalformedJson,
  MalformedPath,
  MethodNotAllowed,
  PayloadTooLarge,
  UnsupportedMediaType,
} from './http-errors.js';

/** Valid JSON that strict parsing refused (`null`, `42`, `"x"`): the body is not an object. */
function isJsonScalar(raw: unknown): boolean {
  if (typeof raw !== 'string') return false;
  try {
    JSON.parse(raw);
    return true;
  } catch {
    return false;
  }
}

const STATUS: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  request_timeout: 408,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
};

export interface ErrorBody {
  success: false;
  status: number;
  message: string;
  code: string;
  details?: { field: string; issue: string }[];
  /** The same error nested as `{ code, message, details }`, beside the flat v1 fields. */
  error: { code: string; message: string; details: { field: string; issue: string }[] };
  metadata?: Metadata;
}

/** body-parser's own errors carry a `type`; they are client errors, never 5xx. */
function fromBodyParser(err: unknown): DomainError | null {
  const type = typeof err === 'object' && err !== null ? (err as { type?: unknown }).type : undefined;
  switch (type) {
    case 'entity.parse.failed':
      return isJsonScalar((err as { body?: unknown }).body) ? new BodyNotAnObject() : new MalformedJson();
    case 'entity.too.large':
      return new PayloadTooLarge();
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new UnsupportedMediaType();
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
    case 'stream.not.readable':
      return new MalformedJson();
    default:
      return null;
  }
}

function errorBody(
  status: number,
  code: string,
  message: string,
  details?: { field: string; issue: string }[],
): ErrorBody {
  const error = { code, message, details: details ?? [] };
  return details
    ? { success: false, status, message, code, details, error }
    : { success: false, status, message, code, error };
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Seconds the caller should wait before trying again (`Retry-After`), where the error says. */
  retryAfterSeconds?: number;
}

/** The one place where an error becomes a status and an envelope. */
export function toErrorResponse(err: unknown): ErrorResponse {
  // The router's own parameter decoding throws URIError on a malformed escape.
  const known =
    err instanceof DomainError
      ? err
      : err instanceof URIError
        ? new MalformedPath()
        : isDatabaseUnavailable(err)
          ? new DatabaseUnavailable()
          : fromBodyParser(err);
  if (!known) {
    return {
      status: 500,
      body: errorBody(500, 'INTERNAL_ERROR', 'Internal server error'),
    };
  }
  const status = STATUS[known.kind];
  const body = errorBody(status, known.code, known.message, known.details);
  // Errors that say when to try again (an unreachable database, a rate limit) give `Retry-After`.
  const retry = (known as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof retry === 'number' ? { status, body, retryAfterSeconds: retry } : { status, body };
}

/**
 * The envelope of an error answer about to go out on `res`, with its metadata; also notes its
 * code for the access log and the metrics.
 */
export function errorEnvelope(res: Response, response: ErrorResponse): ErrorBody & { metadata: Metadata } {
  res.locals.errorCode = response.body.code;
  return { ...response.body, metadata: metadataOf(res) };
}

/** Writes the envelope of `err` (the error mapper's, or a timer's outside the middleware chain). */
export function sendError(res: Response, err: unknown, response = toErrorResponse(err)): void {
  if (err instanceof MethodNotAllowed) res.setHeader('Allow', err.allow.join(', '));
  if (response.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(response.retryAfterSeconds));
  res.status(response.status).json(errorEnvelope(res, response));
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const response = toErrorResponse(err);
    const { status } = response;
    if (status >= 500 && status !== 503) {
      logger.error({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
    } else if (status === 503 && response.retryAfterSeconds !== undefined) {
      logger.warn({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'database not reachable');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    sendError(res, err, response);
  };
}
