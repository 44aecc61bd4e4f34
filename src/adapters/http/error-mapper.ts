import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, type ErrorKind } from '../../domain/shared/errors.js';
import { MalformedJson, MalformedPath, PayloadTooLarge, UnsupportedMediaType } from './http-errors.js';

const STATUS: Record<ErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  request_timeout: 408,
  unsupported_media_type: 415,
  unavailable: 503,
};

export interface ErrorBody {
  success: false;
  status: number;
  message: string;
  code: string;
  details?: { field: string; issue: string }[];
}

/** body-parser's own errors carry a `type`; they are client errors, never 5xx. */
function fromBodyParser(err: unknown): DomainError | null {
  const type = typeof err === 'object' && err !== null ? (err as { type?: unknown }).type : undefined;
  switch (type) {
    case 'entity.parse.failed':
      return new MalformedJson();
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

/** The one place where an error becomes a status and an envelope (CONTRACT §1). */
export function toErrorResponse(err: unknown): { status: number; body: ErrorBody } {
  // The router's own parameter decoding throws URIError on a malformed escape.
  const known = err instanceof DomainError ? err : err instanceof URIError ? new MalformedPath() : fromBodyParser(err);
  if (!known) {
    return {
      status: 500,
      body: { success: false, status: 500, message: 'Internal server error', code: 'INTERNAL_ERROR' },
    };
  }
  const status = STATUS[known.kind];
  const body: ErrorBody = { success: false, status, message: known.message, code: known.code };
  if (known.details) body.details = known.details;
  return { status, body };
}

/** Writes the envelope of `err`; for answers given outside the middleware chain (a timer). */
export function sendError(res: Response, err: unknown): void {
  const { status, body } = toErrorResponse(err);
  res.status(status).json(body);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status } = toErrorResponse(err);
    if (status >= 500 && status !== 503) {
      logger.error({ err, requestId: req.id, method: req.method, url: req.originalUrl }, 'unhandled error');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    sendError(res, err);
  };
}
