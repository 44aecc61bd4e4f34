import { parseDuration, readEnvironment } from './environment.js';

export { ConfigError, parseDuration } from './environment.js';

/**
 * Settings from the environment, validated once at start. A bad value stops the
 * start with a message naming the variable and what it expects.
 */
export interface Config {
  nodeEnv: string;
  production: boolean;
  port: number;
  databaseUrl: string | null;
  /** `DATABASE_LISTEN_URL`: a session of its own for LISTEN (past a transaction-mode pooler); null: DATABASE_URL. */
  databaseListenUrl: string | null;
  /** `DATABASE_REPLICA_URLS`: hot standbys an integration's reads may go to. */
  databaseReplicaUrls: string[];
  /** `DATABASE_REPLICA_MAX_LAG_MS`: a replica further behind is skipped. */
  databaseReplicaMaxLagMs: number;
  /** `DATABASE_PREPARED_STATEMENTS`: hot statements prepared once per connection (a server only). */
  databasePreparedStatements: boolean;
  dataDir: string;
  adminToken: string | null;
  /** 32-byte key for AES-256-GCM encryption of secrets at rest. */
  secretsKey: Buffer | null;
  mongodbUrl: string | null;
  /** Express `trust proxy` value: false, or a list of proxy addresses/CIDRs, or a hop count. */
  trustProxy: boolean | number | string[];
  /** `PUBLIC_URL`'s origin: where cookie-authenticated back-office changes must come from; null: the request's host. */
  publicOrigin: string | null;
  /** `STAFF_ADMIN_TOTP`: ADMINs must confirm a one-time code before anything else. */
  adminTotpRequired: boolean;
  webhookAllowHttp: boolean;
  webhookAllowPrivate: boolean;
  webhookTimeoutMs: number;
  /** Delays before retries 1..n, in milliseconds. */
  webhookRetrySchedule: number[];
  logLevel: string;
  /** Time allowed for a request body to arrive once its headers are in (408 after it). */
  bodyTimeoutMs: number;
  /** `HEADERS_TIMEOUT_MS`: time allowed for a request's header block to arrive in full (408 after it). */
  headersTimeoutMs: number;
  /** `METRICS_PORT`: serve `/metrics` on this port, unauthenticated, instead of the API port. */
  metricsPort: number | null;
  /** `METRICS_AUTH`: `admin` (the admin bearer token) or `none`, for `/metrics` on the API port. */
  metricsAuth: 'admin' | 'none';
  /** `WORKER_PORT`: a standalone worker's port for /health, /ready and /metrics; null: none. */
  workerPort: number | null;
  /** The webhook worker's pacing on each kind of database (defaults: WORKER_TUNING). */
  workerTuning: Record<DatabaseKind, WorkerTuning>;
  /** How long a claimed delivery stays leased (defaults: LEASE_TUNING). */
  lease: LeaseTuning;
  /** How often the worker sweeps expired stock reservations (default RESERVATION_SWEEP_EVERY_MS). */
  reservationSweepEveryMs: number;
  /** `RATE_LIMIT_PER_MINUTE`: an integration's limit unless the back office sets its own. */
  rateLimitPerMinute: number;
  /** `AUTH_FAILURE_LIMIT_PER_MINUTE`: failed authentications per source address and minute. */
  authFailureLimitPerMinute: number;
  /** `IDEMPOTENCY_LOCK_TIMEOUT_MS`: the longest a keyed request holds its Idempotency-Key uncommitted. */
  idempotencyLockTimeoutMs: number;
}

/** Where the data lives: a PostgreSQL server, or the embedded PGlite. */
export type DatabaseKind = 'server' | 'embedded';

/** The webhook worker's pacing (see AgendaWebhookDispatcher). */
export interface WorkerTuning {
  /** Agenda's scan for due jobs. */
  processEveryMs: number;
  /** The recurring safety-net run (and lease sweep) interval. */
  sweepEveryMs: number;
  /** How often an active run looks for new work when nothing woke it. */
  probeEveryMs: number;
  /** How long a run stays after its last work before it ends. */
  lingerMs: number;
  /** Requests this process keeps in flight at most (the per-tenant limit of 5 is the database's). */
  maxInFlight: number;
  /** Deliveries claimed per query. */
  claimBatch: number;
  /** Outbox events fanned out per query. */
  fanOutBatch: number;
}

/**
 * How often the worker sweeps expired stock reservations (marks them EXPIRED and frees their
 * stock). Correctness does not wait for it: reads and availability checks treat `expiresAt`
 * as exact on their own; the sweep keeps `reserved` tidy.
 */
export const RESERVATION_SWEEP_EVERY_MS = 10_000;

/**
 * On the server, notifications wake the worker, so it scans rarely; the embedded database does
 * not pass notifications between connections, so the worker polls often instead.
 */
export const WORKER_TUNING: Readonly<Record<DatabaseKind, WorkerTuning>> = {
  server: {
    processEveryMs: 1_000,
    sweepEveryMs: 2_000,
    probeEveryMs: 250,
    lingerMs: 2_000,
    maxInFlight: 256,
    claimBatch: 100,
    fanOutBatch: 500,
  },
  embedded: {
    processEveryMs: 100,
    sweepEveryMs: 500,
    probeEveryMs: 50,
    lingerMs: 2_000,
    maxInFlight: 256,
    claimBatch: 100,
    fanOutBatch: 500,
  },
};

/**
 * A claim's lease: `timeoutFactor × WEBHOOK_TIMEOUT_MS + marginMs`, longer than any request can
 * take, so a live worker never loses its claim.
 */
export interface LeaseTuning {
  timeoutFactor: number;
  marginMs: number;
}

export const LEASE_TUNING: Readonly<LeaseTuning> = { timeoutFactor: 2, marginMs: 2_000 };

/** The lease length for a request timeout. */
export function leaseMs(config: Pick<Config, 'webhookTimeoutMs' | 'lease'>): number {
  return config.lease.timeoutFactor * config.webhookTimeoutMs + config.lease.marginMs;
}

/** TRUST_PROXY's text as Express's `trust proxy`: false, a hop count, or a list of addresses or CIDRs. */
function trustProxyOf(text: string): Config['trustProxy'] {
  if (['false', '0', 'no'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** SECRETS_KEY's 32 bytes, from 64 hex characters or base64. */
function secretsKeyOf(text: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
}

/** The settings of this start, from the environment (see `Environment` for each variable's rule). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readEnvironment(env);
  return {
    nodeEnv: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    databaseUrl: e.DATABASE_URL ?? null,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? null,
    databaseReplicaUrls: (e.DATABASE_REPLICA_URLS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    databaseReplicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    dataDir: e.DATA_DIR,
    adminToken: e.ADMIN_TOKEN ?? null,
    secretsKey: e.SECRETS_KEY === undefined ? null : secretsKeyOf(e.SECRETS_KEY),
    mongodbUrl: e.MONGODB_URL ?? null,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    publicOrigin: e.PUBLIC_URL === undefined ? null : new URL(e.PUBLIC_URL).origin,
    adminTotpRequired:
      e.STAFF_ADMIN_TOTP === 'required' || (e.STAFF_ADMIN_TOTP === 'auto' && e.NODE_ENV === 'production'),
    webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetrySchedule: e.WEBHOOK_RETRY_SCHEDULE.split(',').map((d) => parseDuration(d)!),
    logLevel: e.LOG_LEVEL,
    bodyTimeoutMs: e.BODY_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    metricsPort: e.METRICS_PORT ?? null,
    metricsAuth: e.METRICS_AUTH,
    workerPort: e.WORKER_PORT ?? null,
    workerTuning: { server: { ...WORKER_TUNING.server }, embedded: { ...WORKER_TUNING.embedded } },
    lease: { ...LEASE_TUNING },
    reservationSweepEveryMs: RESERVATION_SWEEP_EVERY_MS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    authFailureLimitPerMinute: e.AUTH_FAILURE_LIMIT_PER_MINUTE,
    idempotencyLockTimeoutMs: e.IDEMPOTENCY_LOCK_TIMEOUT_MS,
  };
}
