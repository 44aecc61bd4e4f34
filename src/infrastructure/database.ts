import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { PREPARED_STATEMENTS } from '../adapters/persistence/db.js';
import { ReplicaReads, type Replica } from '../adapters/persistence/replicas/replica-reads.js';
import type { Config } from './config.js';
import { pinExtendedProtocolBatches } from './pglite-socket-fix.js';
import { EmbeddedDatabaseLocked } from './startup-errors.js';

// `date` columns come back as the ISO date string they hold, not as a local-midnight Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface Database {
  knex: Knex;
  /**
   * `server`: a PostgreSQL server. `embedded`: PGlite, in this process or served by another one:
   * one session shared by all connections (nothing prepared), no notifications between them.
   */
  kind: 'embedded' | 'server';
  /** The pg connection settings the app's pools use (also handed to Agenda). */
  connection: Knex.PgConnectionConfig;
  /**
   * A connection that keeps its session, for LISTEN: `DATABASE_LISTEN_URL` (the primary itself
   * when DATABASE_URL is a pooler in transaction mode), else `connection`.
   */
  listenConnection: Knex.PgConnectionConfig;
  /** Hot standbys an integration's reads may go to (`DATABASE_REPLICA_URLS`); null: none. */
  replicas: ReplicaReads | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL (a server, or PGlite served by another process); null opens the embedded database here. */
  url: string | null;
  /** Where the embedded database keeps its files; null keeps it in memory (tests). */
  dataDir: string | null;
  poolMax?: number;
  /** Hot statements as named prepared statements on a server (default true; see `prepared`). */
  preparedStatements?: boolean;
  /** A direct connection for LISTEN, past a pooler in transaction mode (a server only). */
  listenUrl?: string | null;
  /** Hot standbys of `url` for an integration's reads (a server only). */
  replicaUrls?: readonly string[];
  replicaMaxLagMs?: number;
  /** Where the replicas' comings and goings are logged. */
  logger?: Logger;
}

/** The database the settings name: DATABASE_URL, else the embedded one in DATA_DIR. */
export function databaseOptions(
  config: Pick<
    Config,
    | 'databaseUrl'
    | 'dataDir'
    | 'databasePreparedStatements'
    | 'databaseListenUrl'
    | 'databaseReplicaUrls'
    | 'databaseReplicaMaxLagMs'
  >,
  logger?: Logger,
): DatabaseOptions {
  return {
    url: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
    listenUrl: config.databaseListenUrl,
    replicaUrls: config.databaseReplicaUrls,
    replicaMaxLagMs: config.databaseReplicaMaxLagMs,
    logger,
  };
}

/** Client-side limit on one query: a stray query cannot wedge the embedded database forever. */
const QUERY_TIMEOUT_MS = 30_000;

/** What every query of the app's knex reads: whether hot statements may be prepared (see `prepared`). */
type UserParams = { [PREPARED_STATEMENTS]: boolean };

/** The app's knex on pg, for a server or for the embedded database alike. */
function pgKnex(connection: Knex.PgConnectionConfig, poolMax: number, userParams: UserParams): Knex {
  // knex keeps `userParams` (untyped in its Config) on every query's client, transactions too.
  const config: Knex.Config & { userParams: UserParams } = {
    client: 'pg',
    connection,
    userParams,
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
    // A failed connection or migration rejects the call that needed it (and the start names it
    // in one line); knex's own prints of it (stack, SQL) would only repeat it.
    log: { warn: quietAcquireErrors, error: quietAcquireErrors },
  };
  return knexFactory(config);
}

const REPEATED = /^(Acquire connection error|migration file "|migration failed with error)/;

function quietAcquireErrors(message: unknown): void {
  if (typeof message === 'string' && REPEATED.test(message)) return;
  console.warn(message);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const poolMax = options.poolMax ?? 10;
  if (options.url) return openByUrl(options.url, poolMax, options);
  return openEmbedded(options.dataDir, poolMax);
}

/** The settings of a connection to one server at `url`. */
function serverConnection(url: string): Knex.PgConnectionConfig {
  return { connectionString: url, statement_timeout: QUERY_TIMEOUT_MS, application_name: 'ib-external-api' };
}

/** `host:port/database` of a URL, without its user or password: a replica's name in logs and metrics. */
function nameOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}

/** The replicas' pools and their router, polling from the start; null without replicas. */
async function openReplicas(primary: Knex, poolMax: number, userParams: UserParams, options: DatabaseOptions) {
  const urls = options.replicaUrls ?? [];
  if (urls.length === 0) return null;
  const replicas: Replica[] = urls.map((url) => ({
    name: nameOf(url),
    knex: pgKnex(serverConnection(url), poolMax, userParams),
    up: false,
    replayed: null,
    lagMs: 0,
  }));
  const logger = options.logger ?? pino({ enabled: false });
  const reads = new ReplicaReads(primary, replicas, logger, { maxLagMs: options.replicaMaxLagMs ?? 5_000 });
  await reads.start();
  return reads;
}

/**
 * The database at a URL: a PostgreSQL server, or the embedded database of another process served
 * by pglite-socket (the benchmark's service, `pglite-server`). Which one is asked at open, before
 * the app's first query: PGlite shares one session among its connections and passes no
 * notifications between them, whoever serves it.
 */
async function openByUrl(url: string, poolMax: number, options: DatabaseOptions): Promise<Database> {
  const connection = serverConnection(url);
  const userParams: UserParams = { [PREPARED_STATEMENTS]: false };
  const knex = pgKnex(connection, poolMax, userParams);
  try {
    const { rows } = await knex.raw<{ rows: { version: string }[] }>('SELECT version()');
    const kind = rows[0]!.version.includes('PGlite') ? 'embedded' : 'server';
    userParams[PREPARED_STATEMENTS] = (options.preparedStatements ?? true) && kind === 'server';
    const replicas = kind === 'server' ? await openReplicas(knex, poolMax, userParams, options) : null;
    const listenConnection = options.listenUrl ? serverConnection(options.listenUrl) : connection;
    return {
      knex,
      kind,
      connection,
      listenConnection,
      replicas,
      async close() {
        await replicas?.stop();
        await knex.destroy();
      },
    };
  } catch (err) {
    await knex.destroy();
    throw err;
  }
}

/**
 * The embedded PostgreSQL: PGlite (PostgreSQL compiled to WebAssembly) served on loopback by
 * pglite-socket, so the app reaches it through the same pg driver and SQL as a real server.
 * PGlite runs one statement at a time and serialises transactions across connections, and it
 * does not pass NOTIFY between connections: callers poll instead of listening.
 */
async function openEmbedded(dataDir: string | null, poolMax: number): Promise<Database> {
  let dir: string | undefined;
  let releaseLock = () => {};
  if (dataDir !== null) {
    dir = resolve(join(dataDir, 'pgdata'));
    mkdirSync(dir, { recursive: true });
    releaseLock = lockDataDir(resolve(dataDir));
  }
  const db = await PGlite.create(dir, { extensions: { pg_trgm, btree_gist } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 256 });
  pinExtendedProtocolBatches(server);
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  const connection: Knex.PgConnectionConfig = {
    host,
    port: Number(port),
    user: 'postgres',
    database: 'postgres',
    query_timeout: QUERY_TIMEOUT_MS,
    application_name: 'ib-external-api',
  };
  // Its connections share one session: a statement name prepared by one would clash on another.
  const knex = pgKnex(connection, poolMax, { [PREPARED_STATEMENTS]: false });
  return {
    knex,
    kind: 'embedded',
    connection,
    listenConnection: connection,
    replicas: null,
    async close() {
      await knex.destroy();
      await server.stop();
      await db.close();
      releaseLock();
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes on one data directory would corrupt it.
 * A pid file refuses the second opener with a message that says what to do.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'embedded.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && isAlive(pid)) {
      throw new EmbeddedDatabaseLocked(dataDir, pid);
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}
