import express, { type RequestHandler } from 'express';
import { sendError } from './error-mapper.js';
import { JsonTooDeep, MalformedPath, PayloadTooLarge, RequestTimeout, UndecodableBody } from './http-errors.js';

/**
 * The edge's limits on what a request may be, applied before routing and authentication
 * (nothing behind them sees a request that breaks one):
 * - a path whose percent-escapes do not decode → 400;
 * - a declared `Content-Length` above the body limit → 413 at once, body unread, connection closed;
 * - a body that has not fully arrived `bodyTimeoutMs` after the headers → 408, connection closed
 *   (the socket is not held until the server's request timeout);
 * - a `Content-Encoding` that does not decode → 400;
 * - JSON nested deeper than `maxJsonDepth` → 400, checked without recursion, before anything
 *   (the signature check's re-serialisation, the validators) walks the body.
 * Control characters and numeric ranges are the schemas' business (validation.ts).
 */
export interface InputLimits {
  /** Largest accepted body, in bytes (`BODY_LIMIT_BYTES`: 1 MiB); a larger one is 413. */
  bodyLimitBytes: number;
  /** `BODY_TIMEOUT_MS`: time allowed for the whole body to arrive once the headers are in. */
  bodyTimeoutMs: number;
  /** Deepest accepted nesting of JSON objects and arrays (the top-level value is level 1). */
  maxJsonDepth: number;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 16;

export const requireDecodablePath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    next(new MalformedPath());
    return;
  }
  next();
};

function declaredLength(value: string | undefined): number | null {
  return value === undefined ? null : Number(value);
}

/** 413 on a declared length above the limit; 408 when the body stalls. */
export function guardBody(limits: Pick<InputLimits, 'bodyLimitBytes' | 'bodyTimeoutMs'>): RequestHandler {
  return (req, res, next) => {
    const length = declaredLength(req.headers['content-length']);
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (!chunked && (length === null || length === 0)) {
      next();
      return;
    }
    if (length !== null && length > limits.bodyLimitBytes) {
      // The body is never read: the connection cannot be reused after this answer.
      res.setHeader('Connection', 'close');
      next(new PayloadTooLarge());
      return;
    }
    if (req.complete) {
      next();
      return;
    }
    const timer = setTimeout(() => {
      if (req.complete || res.headersSent) return;
      res.setHeader('Connection', 'close');
      sendError(res, new RequestTimeout());
    }, limits.bodyTimeoutMs);
    const done = () => clearTimeout(timer);
    req.once('end', done);
    req.once('close', done);
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}

/** body-parser's untyped read errors come from the decompression stream (bad gzip, deflate, br). */
function fromBodyRead(err: unknown): unknown {
  const typed = typeof err === 'object' && err !== null && typeof (err as { type?: unknown }).type === 'string';
  return typed ? err : new UndecodableBody();
}

/** True when `value` nests objects/arrays deeper than `max`; iterative, so any depth is safe to ask about. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** JSON parsing (application/json only) with the limits above. */
export function readJsonBody(limits: Pick<InputLimits, 'bodyLimitBytes' | 'maxJsonDepth'>): RequestHandler {
  const parse = express.json({ limit: limits.bodyLimitBytes, strict: true, type: 'application/json' });
  return (req, res, next) => {
    parse(req, res, (err?: unknown) => {
      if (err !== undefined && err !== null) {
        next(fromBodyRead(err));
        return;
      }
      if (nestsDeeperThan(req.body, limits.maxJsonDepth)) {
        next(new JsonTooDeep(limits.maxJsonDepth));
        return;
      }
      next();
    });
  };
}
