import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { BesideClaim } from './authenticate.js';
import type { AuthenticatedCaller } from '../../../application/access/authenticate-request.js';
import type { IdempotencyStore } from '../../../application/ports/gateway-ports.js';
import {
  IdempotencyKeyInUse,
  IdempotencyKeyReused,
  isWellFormedIdempotencyKey,
  malformedIdempotencyKey,
} from '../../../domain/access/gateway.js';
import { runInIdempotencyScope, type IdempotencyScope } from '../../shared/idempotency-scope.js';

/** Where `lookAhead` leaves the lookup of this request's key for `check`. */
const LOOKED_UP = 'idempotencyLookup';

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
 * `Idempotency-Key` on every external POST (CONTRACT §8), after the gate. A key seen before
 * answers from its row: the stored status and body with `Idempotent-Replayed: true`, 422
 * IDEMPOTENCY_KEY_REUSED for other fields, 409 IDEMPOTENCY_KEY_IN_USE while its first request
 * runs (in this process: known at once; in another: its transaction holds the row). A new key
 * opens a scope in which the unit of work writes the key row with the business write; the
 * answer is stored before it is sent (a 5xx is not kept).
 */
export function idempotency(
  store: IdempotencyStore,
  now: () => Date = () => new Date(),
): { lookAhead: BesideClaim; check: RequestHandler } {
  const running = new Set<string>();
  const keyOf = (req: Request): string | undefined => {
    const key = req.headers['idempotency-key'];
    return req.method === 'POST' && typeof key === 'string' && isWellFormedIdempotencyKey(key) ? key : undefined;
  };
  // The key's row is looked up while the gate claims the nonce: one round trip less in a row.
  const lookAhead: BesideClaim = (req, res, caller) => {
    const key = keyOf(req);
    if (key === undefined) return;
    const lookup = store.find(caller.integrationId, key);
    lookup.catch(() => undefined); // awaited by `check`, unless the gate refuses the request
    res.locals[LOOKED_UP] = lookup;
  };
  const check: RequestHandler = async (req, res, next) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || key === undefined) {
      next();
      return;
    }
    if (typeof key !== 'string' || !isWellFormedIdempotencyKey(key)) throw malformedIdempotencyKey();
    const caller = res.locals.caller as AuthenticatedCaller;
    const fingerprint = requestFingerprint(req.method, req.originalUrl, req.body);
    const slot = `${caller.integrationId}\u0000${key}`;
    if (running.has(slot)) throw new IdempotencyKeyInUse();
    running.add(slot);
    let released = false;
    const release = () => {
      if (!released) running.delete(slot);
      released = true;
    };
    try {
      const lookedUp = res.locals[LOOKED_UP] as ReturnType<IdempotencyStore['find']> | undefined;
      const stored = await (lookedUp ?? store.find(caller.integrationId, key));
      if (stored) {
        if (stored.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
        if (!stored.response) throw new IdempotencyKeyInUse();
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(stored.response.status).json(stored.response.body);
        release();
        return;
      }
    } catch (err) {
      release();
      throw err;
    }
    const at = now();
    const scope: IdempotencyScope = {
      integrationId: caller.integrationId,
      key,
      fingerprint,
      createdAt: at,
      expiresAt: new Date(at.getTime() + IDEMPOTENCY_RETENTION_MS),
      claimed: false,
    };
    res.once('close', release);
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const status = res.statusCode;
      if (status >= 500) {
        release();
        return send(body);
      }
      store.complete(scope, { status, body }, scope.claimed).then(
        () => {
          release();
          send(body);
        },
        () => {
          // The answer still goes out; a retry of this key then gets 409 until the row expires.
          release();
          send(body);
        },
      );
      return res;
    };
    runInIdempotencyScope(scope, next);
  };
  return { lookAhead, check };
}
