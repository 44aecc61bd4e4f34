/**
 * What the baseline does around every route, as the service's gateway does per request with
 * SQL (bench/baseline.ts): the nonce claim that counts the rate-limit window, and for a POST
 * with an `Idempotency-Key` the key's row inserted first in the write's transaction and the
 * answer stored in it before the COMMIT. What the service does in memory only (signature
 * check, metering, caches) is not repeated. Plus the statements several routes share.
 */
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import pg from 'pg';

export const env = {
  tenantId: process.env.TENANT_ID!,
  branchId: process.env.BRANCH_ID!,
  fiscalYearId: process.env.FISCAL_YEAR_ID!,
  integrationId: process.env.INTEGRATION_ID!,
  rateLimitPerMinute: Number(process.env.RATE_LIMIT_PER_MINUTE ?? 100_000),
};

export const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** A request refused with a status (the bench expects none). */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Answer {
  status: number;
  body: object;
}

/** The service's envelope around a route's data. */
export const ok = (status: number, data: unknown): Answer => ({ status, body: { success: true, data } });

/** A nonce is kept twice the timestamp window (10 minutes), as the service keeps it. */
const NONCE_RETENTION_MS = 600_000;

/**
 * The service's nonce claim (src/adapters/persistence/nonce-store.ts) for one request: one
 * simple-query message, the nonce's insert and the minute window's count in one statement,
 * without waiting for the WAL flush. A nonce already used, or a window over the limit, refuses.
 */
export async function claimNonce(req: Request): Promise<void> {
  const nonce = req.header('x-nonce');
  if (!nonce) throw new Refused(401, 'x-nonce is required');
  const expiresAt = new Date(Date.now() + NONCE_RETENTION_MS).toISOString();
  const results = (await pool.query(
    `SET LOCAL synchronous_commit = off;
     WITH claimed AS (
       INSERT INTO request_nonces (integration_id, nonce, expires_at)
       VALUES (${pg.escapeLiteral(env.integrationId)}::uuid, ${pg.escapeLiteral(nonce)}, ${pg.escapeLiteral(expiresAt)}::timestamptz)
       ON CONFLICT DO NOTHING RETURNING integration_id, nonce
     ), counted AS (
       INSERT INTO request_rate_windows AS w (integration_id, window_start, count)
       SELECT integration_id, date_trunc('minute', now()), count(*) FROM claimed GROUP BY integration_id
       ON CONFLICT (integration_id, window_start) DO UPDATE SET count = w.count + excluded.count
       RETURNING integration_id, count, window_start
     )
     SELECT c.integration_id, c.nonce, k.count,
            (extract(epoch FROM k.window_start) * 1000)::bigint + 60000 AS ends_at_ms
       FROM claimed c JOIN counted k USING (integration_id)`,
  )) as unknown as pg.QueryResult<{ count: string }>[];
  const claimed = results[1]!.rows[0];
  if (!claimed) throw new Refused(401, 'Nonce already used');
  if (Number(claimed.count) > env.rateLimitPerMinute) throw new Refused(429, 'Rate limit exceeded');
}

function send(res: Response, status: number, text: string): void {
  res.status(status).type('application/json').send(text);
}

function fail(res: Response, err: unknown): void {
  const status = err instanceof Refused ? err.status : 500;
  send(res, status, JSON.stringify({ success: false, status, message: String(err) }));
}

/**
 * A GET: the claim is sent at once and the route's first statement beside it (`claim` is
 * awaited with it), as the service runs a read's query beside its nonce claim.
 */
export function readRoute(handle: (req: Request, claim: Promise<void>) => Promise<Answer>): RequestHandler {
  return async (req, res) => {
    const claim = claimNonce(req);
    claim.catch(() => undefined); // awaited by `handle`
    try {
      const answer = await handle(req, claim);
      send(res, answer.status, JSON.stringify(answer.body));
    } catch (err) {
      fail(res, err);
    }
  };
}

/** Opens the write's transaction (BEGIN and the key's row): called by a route once it writes. */
export type Begin = () => Promise<pg.PoolClient>;

/**
 * A POST: the claim first; then the route, which calls `begin` for its transaction. With an
 * `Idempotency-Key`, the key's row is the transaction's first statement (ON CONFLICT DO
 * NOTHING: a key taken refuses, 409), and the answer is stored in it before the COMMIT
 * (src/adapters/persistence/idempotency-store.ts: claimIdempotencyKey, HeldKeyTransaction).
 */
export function writeRoute(handle: (req: Request, begin: Begin) => Promise<Answer>): RequestHandler {
  return async (req, res) => {
    let client: pg.PoolClient | undefined;
    const key = req.header('idempotency-key');
    try {
      await claimNonce(req);
      const begin: Begin = async () => {
        client = await pool.connect();
        await client.query('BEGIN');
        if (key) await insertKey(client, req, key);
        return client;
      };
      const answer = await handle(req, begin);
      const text = JSON.stringify(answer.body);
      if (client) {
        if (key) {
          await client.query(
            'UPDATE idempotency_keys SET status_code = $1, body = $2 WHERE integration_id = $3 AND key = $4',
            [answer.status, text, env.integrationId, key],
          );
        }
        await client.query('COMMIT');
      }
      send(res, answer.status, text);
    } catch (err) {
      await client?.query('ROLLBACK').catch(() => undefined);
      fail(res, err);
    } finally {
      client?.release();
    }
  };
}

/** The key's row, without its answer; the fingerprint is the service's (method, path, body). */
async function insertKey(client: pg.PoolClient, req: Request, key: string): Promise<void> {
  const fingerprint = createHash('sha256')
    .update(`${req.method}\n${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
  const now = new Date();
  const { rowCount } = await client.query(
    `INSERT INTO idempotency_keys (integration_id, key, fingerprint, status_code, body, created_at, expires_at)
     VALUES ($1, $2, $3, NULL, NULL, $4, $5) ON CONFLICT (integration_id, key) DO NOTHING RETURNING key`,
    [env.integrationId, key, fingerprint, now, new Date(now.getTime() + 86_400_000)],
  );
  if (rowCount !== 1) throw new Refused(409, 'Idempotency-Key in use');
}

/**
 * The next document number of `kind` in the caller's fiscal year, as the service draws it:
 * the counter row's upsert, the fiscal year's code read in the same statement.
 */
export async function nextNumber(client: pg.PoolClient, kind: string): Promise<string> {
  const { rows } = await client.query<{ number: string }>(
    `WITH drawn_year AS (SELECT id, code FROM fiscal_years WHERE tenant_id = $1 AND id = $2),
     drawn AS (
       INSERT INTO document_sequences (tenant_id, fiscal_year_id, kind, last_value)
       SELECT $1, y.id, $3, 1 FROM drawn_year y
       ON CONFLICT (tenant_id, fiscal_year_id, kind) DO UPDATE SET last_value = document_sequences.last_value + 1
       RETURNING kind || '-' || (SELECT code FROM drawn_year) || '-'
                 || lpad(last_value::text, greatest(6, length(last_value::text)), '0') AS number
     ) SELECT number FROM drawn`,
    [env.tenantId, env.fiscalYearId, kind],
  );
  if (!rows[0]) throw new Refused(404, 'Fiscal year not found');
  return rows[0].number;
}
