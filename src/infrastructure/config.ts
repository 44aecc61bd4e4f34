/**
 * Settings from the environment, validated once at start. A bad value stops the
 * start with a message naming the variable and what it expects.
 */
export interface Config {
  nodeEnv: string;
  production: boolean;
  port: number;
  databaseUrl: string | null;
  /** `DATABASE_PREPARED_STATEMENTS`: hot statements prepared once per connection (a server only). */
  databasePreparedStatements: boolean;
  dataDir: string;
  adminToken: string | null;
  /** 32-byte key for AES-256-GCM encryption of secrets at rest. */
  secretsKey: Buffer | null;
  mongodbUrl: string | null;
  /** Express `trust proxy` value: false, or a list of proxy addresses/CIDRs, or a hop count. */
  trustProxy: boolean | number | string[];
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
 * On the server, notifications wake the worker, so it scans rarely; the embedded database does
 * not pass notifications between connections, so the worker polls often instead.
 */
/**
 * How often the worker sweeps expired stock reservations (marks them EXPIRED and frees their
 * stock). Correctness does not wait for it: reads and availability checks treat `expiresAt`
 * as exact on their own; the sweep keeps `reserved` tidy.
 */
export const RESERVATION_SWEEP_EVERY_MS = 10_000;

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

export class ConfigError extends Error {
  constructor(messages: string[]) {
    super(`Invalid configuration:\n  - ${messages.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `1m`, `200ms`, `6h` → milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  return m ? Number(m[1]) * UNITS[m[2]!]! : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const errors: string[] = [];
  const str = (name: string): string | null => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? null : v.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const v = str(name);
    if (v === null) return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      errors.push(`${name} must be an integer from ${min} to ${max} (got "${v}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback = false): boolean => {
    const v = str(name);
    if (v === null) return fallback;
    if (['1', 'true', 'yes'].includes(v.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(v.toLowerCase())) return false;
    errors.push(`${name} must be true or false (got "${v}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const v = str(name);
    if (v === null) return null;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol)) throw new Error();
      return v;
    } catch {
      errors.push(`${name} must be a URL with scheme ${protocols.join(' or ')}`);
      return null;
    }
  };

  const nodeEnv = str('NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';

  const adminToken = str('ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 16) errors.push('ADMIN_TOKEN must be at least 16 characters');

  let secretsKey: Buffer | null = null;
  const rawKey = str('SECRETS_KEY');
  if (rawKey !== null) {
    secretsKey = /^[0-9a-fA-F]{64}$/.test(rawKey) ? Buffer.from(rawKey, 'hex') : Buffer.from(rawKey, 'base64');
    if (secretsKey.length !== 32) {
      errors.push('SECRETS_KEY must be 32 bytes, written as 64 hex characters or base64');
      secretsKey = null;
    }
  }
  if (production && adminToken === null) errors.push('ADMIN_TOKEN is required when NODE_ENV=production');
  if (production && rawKey === null) errors.push('SECRETS_KEY is required when NODE_ENV=production');

  let trustProxy: Config['trustProxy'] = false;
  const tp = str('TRUST_PROXY');
  if (tp !== null) {
    if (['false', '0', 'no'].includes(tp.toLowerCase())) trustProxy = false;
    else if (/^\d+$/.test(tp)) trustProxy = Number(tp);
    else
      trustProxy = tp
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  }

  const scheduleText = str('WEBHOOK_RETRY_SCHEDULE') ?? '1m,5m,15m,1h,6h';
  const schedule = scheduleText.split(',').map(parseDuration);
  if (schedule.some((d) => d === null) || schedule.length === 0) {
    errors.push(
      `WEBHOOK_RETRY_SCHEDULE must be comma-separated durations such as 1m,5m,15m,1h,6h (got "${scheduleText}")`,
    );
  }

  const logLevel = (str('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) errors.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const metricsAuth = (str('METRICS_AUTH') ?? 'admin').toLowerCase();
  if (metricsAuth !== 'admin' && metricsAuth !== 'none') {
    errors.push(`METRICS_AUTH must be admin or none (got "${metricsAuth}")`);
  }
  const metricsPort = str('METRICS_PORT') === null ? null : int('METRICS_PORT', 0, 1, 65535);
  if (metricsPort !== null && metricsPort === Number(str('PORT') ?? 3000)) {
    errors.push('METRICS_PORT must differ from PORT (unset it to serve /metrics on the API port)');
  }

  const config: Config = {
    nodeEnv,
    production,
    port: int('PORT', 3000, 0, 65535),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePreparedStatements: bool('DATABASE_PREPARED_STATEMENTS', true),
    dataDir: str('DATA_DIR') ?? './data',
    adminToken,
    secretsKey,
    mongodbUrl: url('MONGODB_URL', ['mongodb:', 'mongodb+srv:']),
    trustProxy,
    webhookAllowHttp: bool('WEBHOOK_ALLOW_HTTP'),
    webhookAllowPrivate: bool('WEBHOOK_ALLOW_PRIVATE'),
    webhookTimeoutMs: int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    webhookRetrySchedule: schedule.filter((d): d is number => d !== null),
    logLevel,
    bodyTimeoutMs: int('BODY_TIMEOUT_MS', 5_000, 100, 120_000),
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', 10_000, 100, 120_000),
    metricsPort,
    metricsAuth: metricsAuth === 'none' ? 'none' : 'admin',
    workerTuning: { server: { ...WORKER_TUNING.server }, embedded: { ...WORKER_TUNING.embedded } },
    lease: { ...LEASE_TUNING },
    reservationSweepEveryMs: RESERVATION_SWEEP_EVERY_MS,
    rateLimitPerMinute: int('RATE_LIMIT_PER_MINUTE', 60, 1, 100_000),
    authFailureLimitPerMinute: int('AUTH_FAILURE_LIMIT_PER_MINUTE', 300, 1, 1_000_000),
    idempotencyLockTimeoutMs: int('IDEMPOTENCY_LOCK_TIMEOUT_MS', 60_000, 100, 60_000),
  };
  if (errors.length > 0) throw new ConfigError(errors);
  return config;
}
