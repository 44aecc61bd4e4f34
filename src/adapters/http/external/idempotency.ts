import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { AuthenticatedCaller } from '../../../application/access/authenticate-request.js';
import type { IdempotencyStore, IdempotentAnswer, KeyedWrite } from '../../../application/ports/gateway-ports.js';
import {
  IdempotencyKeyInUse,
  IdempotencyKeyReused,
  isWellFormedIdempotencyKey,
  malformedIdempotencyKey,
} from '../../../domain/access/gateway.js';
import { faultInjectionPoint } from '../../shared/fault-injection.js';
import { errorEnvelope, toErrorResponse } from '../error-mapper.js';
import { sendAnswer, type RouteAnswer, type Serve } from '../routes/router.js';

/** How long a key is kept: 24 hours. */
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

/** `IDEMPOTENCY_LOCK_TIMEOUT_MS`'s default: the longest a keyed request may hold its key. */
export const IDEMPOTENCY_LOCK_TIMEOUT_MS = 60_000;

export interface IdempotencyOptions {
  /**
   * How long after its start a keyed request may hold its key's row uncommitted; past it the
   * request's write is rolled back (the request answers 500) and the key is free for a retry.
   */
  lockTimeoutMs?: number;
  now?: () => Date;
}

/** Keeps `answer` with the key; or, when the key was taken, what to answer instead. */
async function settle(
  store: IdempotencyStore,
  keyed: KeyedWrite,
  answer: IdempotentAnswer,
): Promise<IdempotentAnswer | null> {
  const { held, closed } = keyed;
  keyed.closed ??= 'answered';
  if (closed === 'lock timed out') throw new Error('the Idempotency-Key lock timeout passed before the answer');
  if (held) {
    faultInjectionPoint('before-keyed-answer');
    await held.commit(answer);
    return null;
  }
  if (await store.complete(keyed, answer)) return null;
  const first = await store.find(keyed.integrationId, keyed.key);
  if (first && first.fingerprint !== keyed.fingerprint) throw new IdempotencyKeyReused();
  if (!first?.response) throw new IdempotencyKeyInUse();
  return first.response;
}

/** The answer to keep: the handler's envelope, or its error's (a 5xx is thrown on, not kept). */
async function answerOf(
  keyed: KeyedWrite,
  res: Response,
  produce: () => Promise<RouteAnswer>,
): Promise<IdempotentAnswer> {
  try {
    const { status, body } = await produce();
    return { status, body: JSON.stringify(body) };
  } catch (err) {
    const response = toErrorResponse(err);
    if (response.status >= 500) {
      keyed.closed ??= 'answered';
      await keyed.held?.rollBack();
      throw err;
    }
    return { status: response.status, body: JSON.stringify(errorEnvelope(res, response)) };
  }
}

/** A keyed request's key, as its first transaction will insert it. */
function keyedWriteOf(req: Request, integrationId: string, key: string, at: Date): KeyedWrite {
  return {
    integrationId,
    key,
    fingerprint: requestFingerprint(req.method, req.originalUrl, req.body),
    createdAt: at,
    expiresAt: new Date(at.getTime() + IDEMPOTENCY_RETENTION_MS),
    held: null,
    closed: null,
  };
}

/**
 * `Idempotency-Key` on every external POST: how the external API answers (`Serve`).
 *
 * Optimistic: a keyed request runs as if its key were new. Its handler is given the key
 * (`KeyedWrite`) and hands it to its use case, whose first transaction inserts the key's row
 * before its work (the unit of work does it) and stays open: the answer is added to the row in
 * that transaction, which then commits, before the answer is sent. So a write is kept with its
 * answer or not at all: a request that dies before the commit leaves nothing (a retry does the
 * work, once), one that dies after it leaves the answer. A 5xx rolls its write back. Only when
 * the key turns out to be taken (a retry, or a concurrent request whose row that insert waited
 * for) is the row read, and the request answers as the first did (the same status and body
 * bytes, `Idempotent-Replayed: true`), or 422 IDEMPOTENCY_KEY_REUSED for other fields, or 409
 * IDEMPOTENCY_KEY_IN_USE while the first has no answer yet (in this process a second request
 * with a running key is refused at once). An answer that wrote nothing (a 4xx) is kept by
 * inserting the row with it; a 5xx is not kept. Nothing is read before the work: a new key,
 * the common case, costs no lookup.
 */
export function keyedAnswers(store: IdempotencyStore, logger: Logger, options: IdempotencyOptions = {}): Serve {
  const lockTimeoutMs = options.lockTimeoutMs ?? IDEMPOTENCY_LOCK_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const running = new Set<string>();

  return async (req, res, produce) => {
    const key = req.headers['idempotency-key'];
    if (req.method !== 'POST' || key === undefined) return sendAnswer(req, res, produce);
    if (typeof key !== 'string' || !isWellFormedIdempotencyKey(key)) throw malformedIdempotencyKey();
    const caller = res.locals.caller as AuthenticatedCaller;
    const slot = `${caller.integrationId}\u0000${key}`;
    if (running.has(slot)) throw new IdempotencyKeyInUse();
    running.add(slot);
    const keyed = keyedWriteOf(req, caller.integrationId, key, now());
    // The lock timeout: a request that has not answered by then gives its key back.
    const lockTimer = setTimeout(() => {
      if (keyed.closed !== null) return;
      keyed.closed = 'lock timed out';
      running.delete(slot);
      keyed.held
        ?.rollBack()
        .catch((err: unknown) => logger.warn({ err, requestId: req.id }, 'keyed write not rolled back'));
    }, lockTimeoutMs);
    lockTimer.unref();
    // A client gone does not stop the request: its answer is still kept.
    res.once('close', () => running.delete(slot));
    const sendText = (status: number, text: string) => res.status(status).type('application/json').send(text);
    try {
      const answer = await answerOf(keyed, res, () => produce(keyed));
      const wrote = keyed.held !== null;
      let first: IdempotentAnswer | null;
      try {
        first = await settle(store, keyed, answer);
      } catch (err) {
        if (err instanceof IdempotencyKeyReused || err instanceof IdempotencyKeyInUse) throw err;
        logger.error(
          { err, requestId: req.id, method: req.method, url: req.originalUrl },
          'idempotent answer not kept',
        );
        // An answer that wrote nothing still goes out (a retry does the same again). One whose
        // write was rolled back, or may not have committed, does not: the error's does.
        if (wrote) throw err;
        sendText(answer.status, answer.body);
        return;
      }
      if (first === null) {
        sendText(answer.status, answer.body);
        return;
      }
      res.setHeader('Idempotent-Replayed', 'true');
      // For the access log and the metrics: the code of the answer replayed, if an error's.
      res.locals.errorCode = first.status >= 400 ? errorCodeOf(first.body) : undefined;
      sendText(first.status, first.body);
    } finally {
      clearTimeout(lockTimer);
      running.delete(slot);
    }
  };
}

/** The `code` of a kept error answer's body. */
function errorCodeOf(body: string): string | undefined {
  const parsed = JSON.parse(body) as { code?: unknown } | null;
  return typeof parsed?.code === 'string' ? parsed.code : undefined;
}
