/**
 * What an operator reads when the service cannot start: one line naming the cause
 * and the fix, never a stack (the stack is printed only at LOG_LEVEL=debug).
 */

/** The embedded database's data directory is held by another live process. */
export class EmbeddedDatabaseLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running "npm start"?). ` +
        'Stop it first, use the admin API instead, or point DATABASE_URL at a PostgreSQL server.',
    );
    this.name = 'EmbeddedDatabaseLocked';
  }
}

/** A migration failed at start; `migration` names the first one not applied. */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string | null,
    readonly reason: unknown,
  ) {
    super(`Migration ${migration ?? '(unknown)'} failed: ${databaseReason(reason)}`);
    this.name = 'MigrationFailed';
  }
}

export interface StartupContext {
  databaseUrl: string | null;
  dataDir: string;
  port: number;
  metricsPort?: number | null;
  workerPort?: number | null;
}

/** The port a listen failed on (Node names it on the error), and the variable that sets it. */
function portSetting(err: unknown, ctx: StartupContext): { port: number; variable: string } {
  const failed = (err as { port?: unknown }).port;
  const port = typeof failed === 'number' ? failed : ctx.port;
  if (port === ctx.workerPort && port !== ctx.port) return { port, variable: 'WORKER_PORT' };
  if (port === ctx.metricsPort && port !== ctx.port) return { port, variable: 'METRICS_PORT' };
  return { port, variable: 'PORT' };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** knex prefixes a failed query's message with its SQL (`<sql> - <reason>`): keep the reason. */
function databaseReason(err: unknown): string {
  const text = messageOf(err);
  const at = text.lastIndexOf(' - ');
  return firstLine(at >= 0 ? text.slice(at + 3) : text);
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}

/** The error's `code`, looking inside an AggregateError (a name that resolves to several addresses). */
function codeOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  const inner = (err as { errors?: unknown[] }).errors;
  return Array.isArray(inner) && inner.length > 0 ? codeOf(inner[0]) : undefined;
}

/** `user@host:port/database` of a PostgreSQL URL, without its password. */
function describeServer(url: string | null): { where: string; user: string; database: string } {
  try {
    const u = new URL(url ?? '');
    const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres';
    const user = decodeURIComponent(u.username) || 'postgres';
    return { where: `${u.hostname}:${u.port || '5432'}`, user, database };
  } catch {
    return { where: 'the configured server', user: 'postgres', database: 'postgres' };
  }
}

/** One line: what went wrong and what to do about it. */
export function describeStartupFailure(err: unknown, ctx: StartupContext): string {
  if (err instanceof EmbeddedDatabaseLocked) return err.message;
  if (err instanceof MigrationFailed) {
    return `${err.message}. Nothing of that migration was applied; fix the cause (or restore the database) and start again.`;
  }
  const code = codeOf(err);
  if (code === 'EADDRINUSE') {
    const { port, variable } = portSetting(err, ctx);
    return `Port ${port} is already in use (another "npm start"?). Stop that process or set ${variable} to a free port.`;
  }
  if (code === 'EACCES' && /listen/i.test(messageOf(err))) {
    const { port, variable } = portSetting(err, ctx);
    return `Port ${port} needs privileges this process does not have. Set ${variable} to 1024 or above.`;
  }
  const server = describeServer(ctx.databaseUrl);
  if (code === '28P01') {
    return `PostgreSQL at ${server.where} refused the password of user "${server.user}". Fix the password in DATABASE_URL.`;
  }
  if (code === '28000') {
    return `PostgreSQL at ${server.where} refused user "${server.user}" (${firstLine(messageOf(err))}). Fix the user in DATABASE_URL or the server's pg_hba.conf.`;
  }
  if (code === '3D000') {
    return `The database "${server.database}" does not exist on ${server.where}. Create it (createdb ${server.database}) or fix DATABASE_URL.`;
  }
  if ((code && UNREACHABLE.has(code)) || /Timeout acquiring a connection/.test(messageOf(err))) {
    return ctx.databaseUrl
      ? `Cannot reach the PostgreSQL server at ${server.where} (${code ?? 'timeout'}). Start it, fix DATABASE_URL, or unset DATABASE_URL to use the embedded database.`
      : `Cannot reach the embedded database in ${ctx.dataDir} (${code ?? 'timeout'}). Check that DATA_DIR is writable and start again.`;
  }
  return `Start-up failed: ${firstLine(messageOf(err))}. Set LOG_LEVEL=debug for details.`;
}
