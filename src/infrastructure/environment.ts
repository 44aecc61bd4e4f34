import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';

/** The units of a duration (`200ms`, `6h`), in milliseconds. */
const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const DURATION = `\\d+(?:${Object.keys(UNITS).join('|')})`;
const ONE_DURATION = new RegExp(`^(\\d+)(${Object.keys(UNITS).join('|')})$`);

/** `1m`, `200ms`, `6h` → milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const m = ONE_DURATION.exec(text.trim());
  return m ? Number(m[1]) * UNITS[m[2]!]! : null;
}

/** A whole number from `minimum` to `maximum`. */
function Int(minimum: number, maximum: number, options: { default?: number; description: string }) {
  return Type.Integer({ minimum, maximum, ...options });
}

/** A flag: `true`, `1` or `yes`; `false`, `0` or `no` (in any case). */
function Flag(description: string, fallback = false) {
  return Type.Boolean({ default: fallback, description });
}

/** One word of a fixed list (in any case). */
function Word<const W extends readonly string[]>(words: W, options: { default: W[number]; description: string }) {
  return Type.Unsafe<W[number]>({ type: 'string', enum: words, ...options });
}

/** A URL with one of these schemes; never repeated in a message (it may hold a password). */
function Url(schemes: string[], description: string) {
  return Type.Optional(Type.String({ urlSchemes: schemes, writeOnly: true, description }));
}

/**
 * Every setting the service reads from its environment, with its type, range, default and
 * meaning: the one statement of each variable's rule. `writeOnly` marks a secret, never repeated
 * in a message; `expects` words a rule the type and range do not say.
 */
export const Environment = Type.Object({
  NODE_ENV: Type.String({
    default: 'development',
    description:
      '`production` requires SECRETS_KEY (never generated), and ADMIN_TOKEN until a staff ADMIN exists; it hides error details and marks the session cookie Secure.',
  }),
  PORT: Int(0, 65535, { default: 3000, description: 'The port of the API (0: any free port).' }),
  DATABASE_URL: Url(['postgres:', 'postgresql:'], 'The PostgreSQL database; unset, the embedded database in DATA_DIR.'),
  DATABASE_LISTEN_URL: Url(
    ['postgres:', 'postgresql:'],
    "A direct connection to the primary (not through a pooler in transaction mode) for the webhook worker's LISTEN; unset, DATABASE_URL.",
  ),
  DATABASE_REPLICA_URLS: Type.Optional(
    Type.String({
      pattern: '^\\s*postgres(?:ql)?://[^\\s,]+(?:\\s*,\\s*postgres(?:ql)?://[^\\s,]+)*\\s*$',
      expects: 'comma-separated postgres:// URLs',
      writeOnly: true,
      description:
        "Hot-standby replicas of DATABASE_URL: an integration's GET requests read one that has replayed the integration's own writes; everything else reads the primary.",
    }),
  ),
  DATABASE_REPLICA_MAX_LAG_MS: Int(100, 600_000, {
    default: 5_000,
    description: 'A replica further behind the primary than this is skipped until it catches up.',
  }),
  DATABASE_PREPARED_STATEMENTS: Flag(
    'Hot statements prepared once per connection, on a PostgreSQL server only; false behind a pooler in transaction mode.',
    true,
  ),
  DATA_DIR: Type.String({
    default: './data',
    description: 'Where the embedded database keeps its files, and the secrets generated outside production.',
  }),
  ADMIN_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      writeOnly: true,
      description:
        'The bootstrap bearer token of the admin API (an unscoped ADMIN named `bootstrap`); outside production, generated into DATA_DIR when unset; in production optional once a staff ADMIN exists.',
    }),
  ),
  SECRETS_KEY: Type.Optional(
    Type.String({
      pattern: '^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$',
      expects: '32 bytes, written as 64 hex characters or base64',
      writeOnly: true,
      description:
        'The AES-256-GCM key of the secrets kept at rest; outside production, generated into DATA_DIR when unset.',
    }),
  ),
  MONGODB_URL: Url(['mongodb:', 'mongodb+srv:'], "Agenda's job store for the webhook worker; unset, the database."),
  PUBLIC_URL: Url(
    ['http:', 'https:'],
    "The service's public address: a cookie-authenticated back-office change must come from its origin (unset: the request's own host).",
  ),
  STAFF_ADMIN_TOTP: Word(['required', 'optional', 'auto'], {
    default: 'auto',
    description:
      'Whether ADMINs must use a one-time code: `auto` is `required` in production and `optional` elsewhere. An ADMIN without one may only set it up.',
  }),
  TRUST_PROXY: Type.String({
    default: 'false',
    description: "Express's `trust proxy`: false, a hop count, or a comma-separated list of proxy addresses or CIDRs.",
  }),
  WEBHOOK_ALLOW_HTTP: Flag('Webhook URLs may be plain http.'),
  WEBHOOK_ALLOW_PRIVATE: Flag('Webhook URLs may reach private, loopback and link-local addresses.'),
  WEBHOOK_TIMEOUT_MS: Int(100, 60_000, { default: 10_000, description: 'How long one webhook delivery may take.' }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    pattern: `^\\s*${DURATION}\\s*(?:,\\s*${DURATION}\\s*)*$`,
    expects: 'comma-separated durations such as 1m,5m,15m,1h,6h',
    default: '1m,5m,15m,1h,6h',
    description: 'The delays before retries 1..n of a failed webhook delivery.',
  }),
  LOG_LEVEL: Word(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'The least severe level logged; debug also prints the stack of a failed start.',
  }),
  BODY_TIMEOUT_MS: Int(100, 120_000, {
    default: 5_000,
    description: 'How long a request body may take to arrive once its headers are in (408 after it).',
  }),
  HEADERS_TIMEOUT_MS: Int(100, 120_000, {
    default: 10_000,
    description: "How long a request's header block may take to arrive in full (408 after it).",
  }),
  METRICS_PORT: Type.Optional(
    Int(1, 65535, { description: 'Serve /metrics on this port, unauthenticated, instead of the API port.' }),
  ),
  WORKER_PORT: Type.Optional(
    Int(1, 65535, {
      description:
        'A standalone webhook worker (start:worker) serves /health, /ready and /metrics on this port, unauthenticated; unset: none.',
    }),
  ),
  METRICS_AUTH: Word(['admin', 'none'], {
    default: 'admin',
    description: '/metrics on the API port asks for the admin bearer token (admin) or nothing (none).',
  }),
  RATE_LIMIT_PER_MINUTE: Int(1, 100_000, {
    default: 60,
    description: "An integration's requests per minute, unless the back office sets its own.",
  }),
  AUTH_FAILURE_LIMIT_PER_MINUTE: Int(1, 1_000_000, {
    default: 300,
    description: 'Failed authentications per source address and minute.',
  }),
  IDEMPOTENCY_LOCK_TIMEOUT_MS: Int(100, 60_000, {
    default: 60_000,
    description: 'The longest a keyed request holds its Idempotency-Key uncommitted.',
  }),
});
export type Environment = Static<typeof Environment>;

/** A start refused for its settings: one message naming every bad variable and what it expects. */
export class ConfigError extends Error {
  constructor(messages: string[]) {
    super(`Invalid configuration:\n  - ${messages.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const ajv = new Ajv({ coerceTypes: true, useDefaults: true, allErrors: true, strict: true });
ajv.addKeyword({ keyword: 'expects', schemaType: 'string' });
ajv.addKeyword({
  keyword: 'urlSchemes',
  type: 'string',
  schemaType: 'array',
  validate: (schemes: string[], text: string) => URL.canParse(text) && schemes.includes(new URL(text).protocol),
});
const validate = ajv.compile<Environment>(Environment);

const FLAG_WORDS: Readonly<Record<string, boolean>> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

/** Each variable's text, trimmed; a blank one is unset. */
function textOf(env: NodeJS.ProcessEnv): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const name of Object.keys(Environment.properties)) {
    const text = env[name]?.trim();
    if (text) texts[name] = text;
  }
  return texts;
}

/** A variable's text as its schema reads it: a flag and a word of a list in any case. */
function read(name: string, text: string): unknown {
  const schema = Environment.properties[name as keyof Environment] as TSchema;
  if (schema.type === 'boolean') return FLAG_WORDS[text.toLowerCase()] ?? text;
  return schema.enum ? text.toLowerCase() : text;
}

/** What a variable's schema asks for, in words: `an integer from 100 to 120000`. */
function expects(schema: TSchema): string {
  if (typeof schema.expects === 'string') return schema.expects;
  if (schema.urlSchemes) return `a URL with scheme ${(schema.urlSchemes as string[]).join(' or ')}`;
  if (schema.type === 'integer') return `an integer from ${schema.minimum} to ${schema.maximum}`;
  if (schema.type === 'boolean') return 'true or false';
  if (schema.enum) {
    const words = schema.enum as string[];
    return words.length === 2 ? words.join(' or ') : `one of ${words.join(', ')}`;
  }
  if (typeof schema.minLength === 'number') return `at least ${schema.minLength} characters`;
  return 'valid';
}

function problem(name: string, text: string | undefined): string {
  const schema = Environment.properties[name as keyof Environment] as TSchema;
  const got = text === undefined || schema.writeOnly ? '' : ` (got "${text}")`;
  return `${name} must be ${expects(schema)}${got}`;
}

/** Rules between variables (they only compare, so they hold on values that broke their own rule too). */
function crossProblems(e: Environment): string[] {
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    if (e.SECRETS_KEY === undefined) problems.push('SECRETS_KEY is required when NODE_ENV=production');
  }
  if (e.DATABASE_URL === undefined) {
    for (const name of ['DATABASE_LISTEN_URL', 'DATABASE_REPLICA_URLS'] as const) {
      if (e[name] !== undefined) problems.push(`${name} needs DATABASE_URL (the embedded database has neither)`);
    }
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT must differ from PORT (unset it to serve /metrics on the API port)');
  }
  if (e.WORKER_PORT !== undefined && (e.WORKER_PORT === e.PORT || e.WORKER_PORT === e.METRICS_PORT)) {
    problems.push("WORKER_PORT must differ from PORT and METRICS_PORT (the worker's probes never share a port)");
  }
  return problems;
}

/** The environment, checked against its schema, defaults filled in; a ConfigError names every bad variable. */
export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const texts = textOf(env);
  const values = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, read(name, text)]));
  const bad = validate(values) ? [] : [...new Set(validate.errors!.map((e) => e.instancePath.split('/')[1]!))];
  const messages = [...bad.map((name) => problem(name, texts[name])), ...crossProblems(values as Environment)];
  if (messages.length > 0) throw new ConfigError(messages);
  return values as Environment;
}
