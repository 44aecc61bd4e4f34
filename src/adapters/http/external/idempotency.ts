import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { AuthenticatedCaller } from '../../../application/access/authenticate-request.js';
import type { JsonValue } from '../../../application/access/authenticate-request.js';
import type { IdempotencyStore, IdempotentAnswer } from '../../../application/ports/gateway-ports.js';
import {
  IdempotencyKeyInUse,
  IdempotencyKeyReused,
  isWellFormedIdempotencyKey,
  malformedIdempotencyKey,
} from '../../../domain/access/gateway.js';
import { runInIdempotencyScope, type IdempotencyScope } from '../../shared/idempotency-scope.js';
import { sendError } from '../error-mapper.js';

/** How long a key is kept (CONTRACT §8). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * The fingerprint of a keyed request: method, path (with query) and the resource fields (the
 * body after the gate removed `nonce`, `timestamp` and `signature`, so a re-signed retry
 * matches), SHA-256 hex.
 */
export function requestFingerprint(method: string, pathWithQuery: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${pathWithQuery}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * `Idempotency-Key` on every external POST (CONTRACT §8), after the gate.
 *
 * Optimistic: a keyed request runs as if its key were new, in a scope where the first
 * transaction inserts the key's row before its work (the unit of work does it), and the answer
 * is added to the row before it is sent. Only when the key turns out to be taken (a retry, or a
 * concurrent request whose row that insert waited for) is the row read, and the request answers
 * as the first did (status and body, `Idempotent-Replayed: true`), or 422
 * IDEMPOTENCY_KEY_REUSED for other fields, or 409 IDEMPOTENCY_KEY_IN_USE while the first has no
 * answer yet (in this process a second request with a running key is refused at once). An
 * answer that wrote nothing (a 4xx) is kept by inserting the row with it; a 5xx is not kept.
 * Nothing is read before the work: a new key, the common case, costs no lookup.
 */
export function idempotency(
  store: IdempotencyStore,
  logger: Logger,
  now: () => Date = () => new Date(),
): RequestHandler {
  const running = new Set<string>();

  /** Keeps `answer` with the key; or, when the key was taken, what to answer instead. */
  const settle = async (scope: IdempotencyScope, answer: IdempotentAnswer): Promise<IdempotentAnswer | null> => {
    if (answer.status >= 500) return null;
    if (await store.complete(scope, answer, scope.claimed)) return null;
    const first = await store.find(scope.integrationId, scope.key);
    if (first && first.fingerprint !== scope.fingerprint) throw new IdempotencyKeyReused();
    if (!first?.response) throw new IdempotencyKeyInUse();
    return first.response;
  };

  return (req, res, next) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || key === undefined) {
      next();
      return;
    }
    if (typeof key !== 'string' || !isWellFormedIdempotencyKey(key)) throw malformedIdempotencyKey();
    const caller = res.locals.caller as AuthenticatedCaller;
    const slot = `${caller.integrationId}\u0000${key}`;
    if (running.has(slot)) throw new IdempotencyKeyInUse();
    running.add(slot);
    const release = () => running.delete(slot);
    res.once('close', release);
    const at = now();
    const scope: IdempotencyScope = {
      integrationId: caller.integrationId,
      key,
      fingerprint: requestFingerprint(req.method, req.originalUrl, req.body),
      createdAt: at,
      expiresAt: new Date(at.getTime() + IDEMPOTENCY_RETENTION_MS),
      claimed: false,
    };
    const send = res.json.bind(res);
    // The handler's answer goes out once it is kept, or is replaced by the first request's.
    res.json = (body: JsonValue) => {
      res.json = send;
      settle(scope, { status: res.statusCode, body }).then(
        (first) => {
          release();
          if (first === null) {
            send(body);
            return;
          }
          res.setHeader('Idempotent-Replayed', 'true');
          // For the access log and the metrics: the code of the answer replayed, if an error's.
          res.locals.errorCode = first.status >= 400 ? (first.body as { code?: string } | null)?.code : undefined;
          res.status(first.status);
          send(first.body);
        },
        (err: unknown) => {
          release();
          if (err instanceof IdempotencyKeyReused || err instanceof IdempotencyKeyInUse) {
            sendError(res, err);
            return;
          }
          // The answer still goes out (its write, if any, is done); a retry of this key then
          // gets 409 until the row expires.
          logger.error(
            { err, requestId: req.id, method: req.method, url: req.originalUrl },
            'idempotent answer not kept',
          );
          send(body);
        },
      );
      return res;
    };
    runInIdempotencyScope(scope, next);
  };
}
