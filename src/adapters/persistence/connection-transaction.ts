import type { Knex } from 'knex';
import type { Db } from './db.js';

/** A pooled connection as knex's pg client keeps it: knex marks one that must not be reused. */
interface PooledConnection {
  __knex__disposed?: unknown;
}

/**
 * A transaction on one pooled connection: BEGIN, its statements, COMMIT or ROLLBACK, each sent
 * as it is. Its `db` is the pool's own knex with every query it makes bound to the connection
 * (knex's `.connection()`), so repositories build their queries as anywhere else.
 *
 * Why not `knex.transaction()`: that builds a new knex instance, client and event relays for
 * every transaction and runs BEGIN and COMMIT through its query pipeline. With one statement
 * in it, 326 µs of this process's CPU against 213 µs here (`npm run bench:transactions`): on
 * every write, and on every claim and outcome of the webhook worker.
 *
 * Nested work runs in a savepoint (`savepoint`). Once committed or rolled back, the transaction
 * refuses new queries: its connection is back in the pool, perhaps in another request's hands.
 */
export class ConnectionTransaction {
  readonly db: Db;
  private completed = false;
  private savepoints = 0;

  private constructor(
    private readonly knex: Knex,
    private readonly connection: PooledConnection,
  ) {
    this.db = boundTo(knex, connection, () => {
      if (this.completed) throw new Error('this transaction is over: its connection is back in the pool');
    });
  }

  /** Takes a connection from the pool and begins a transaction on it. */
  static async begin(knex: Knex): Promise<ConnectionTransaction> {
    return (await ConnectionTransaction.open(knex, 'BEGIN')).trx;
  }

  /**
   * Begins a transaction whose first statement, `first`, goes in the same message as the BEGIN
   * (the simple query protocol, its values written into its text by knex): one round trip for
   * both. Returns the transaction and the rows `first` returned.
   */
  static async beginWith<R>(
    knex: Knex,
    first: { toQuery(): string },
  ): Promise<{ trx: ConnectionTransaction; rows: R[] }> {
    const { trx, results } = await ConnectionTransaction.open(knex, `BEGIN; ${first.toQuery()}`);
    return { trx, rows: (results as { rows: R[] }[])[1]!.rows };
  }

  private static async open(knex: Knex, sql: string): Promise<{ trx: ConnectionTransaction; results: unknown }> {
    const connection = (await knex.client.acquireConnection()) as PooledConnection;
    const trx = new ConnectionTransaction(knex, connection);
    try {
      return { trx, results: await knex.raw(sql).connection(connection) };
    } catch (err) {
      // BEGIN may have run before the statement after it failed (rollback discards a connection it cannot clean).
      await trx.rollback();
      throw err;
    }
  }

  isCompleted(): boolean {
    return this.completed;
  }

  /** COMMIT; the connection goes back to the pool whatever the outcome (a failed COMMIT has rolled back). */
  async commit(): Promise<void> {
    this.complete();
    try {
      await this.send('COMMIT');
    } finally {
      await this.release(false);
    }
  }

  /**
   * ROLLBACK; the connection goes back to the pool. A ROLLBACK that fails leaves the
   * connection's state unknown: it is marked for the pool to discard, and the failure is not
   * thrown (the caller is already handling the error that made it roll back).
   */
  async rollback(): Promise<void> {
    this.complete();
    let failed = false;
    try {
      await this.send('ROLLBACK');
    } catch {
      failed = true;
    }
    await this.release(failed);
  }

  /** `work` in a savepoint: released when it resolves, rolled back to when it throws. */
  async savepoint<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const name = `sp${++this.savepoints}`;
    await this.send(`SAVEPOINT ${name}`);
    let result: T;
    try {
      result = await work(this.db);
    } catch (err) {
      // Should this fail too, the transaction around it rolls back: the work's error is the one to tell.
      await this.send(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      throw err;
    }
    await this.send(`RELEASE SAVEPOINT ${name}`);
    return result;
  }

  private complete(): void {
    if (this.completed) throw new Error('this transaction has already been committed or rolled back');
    this.completed = true;
  }

  private async send(sql: string): Promise<void> {
    await this.knex.raw(sql).connection(this.connection);
  }

  private async release(discard: boolean): Promise<void> {
    if (discard) this.connection.__knex__disposed ??= 'its transaction could not end cleanly';
    await this.knex.client.releaseConnection(this.connection);
  }
}

/** `work` in a transaction of its own: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(knex: Knex, work: (db: Db) => Promise<T>): Promise<T> {
  const trx = await ConnectionTransaction.begin(knex);
  let result: T;
  try {
    result = await work(trx.db);
  } catch (err) {
    await trx.rollback();
    throw err;
  }
  await trx.commit();
  return result;
}

/** A knex query builder or raw statement, as far as binding it to a connection goes. */
interface Bindable {
  connection(connection: unknown): Bindable;
  on(event: 'query', listener: () => void): unknown;
}

/**
 * `knex`, with every query or raw statement it makes bound to `connection`, and `check`ed when
 * made and again when sent (knex emits `query` on it just before it hands the statement to the
 * driver): a query built before the transaction ended never runs on the connection after it.
 * Its own `transaction` is refused: nested work goes through `ConnectionTransaction.savepoint`.
 */
function boundTo(knex: Knex, connection: PooledConnection, check: () => void): Db {
  const bind = <R>(made: R): R => {
    const query = made as Partial<Bindable> | null;
    if (query === null || typeof query !== 'object' || typeof query.connection !== 'function') return made;
    query.connection(connection);
    query.on?.('query', check);
    return made;
  };
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(knex, {
    apply(_target, _this, args: unknown[]) {
      check();
      return bind((knex as unknown as (...a: unknown[]) => unknown)(...args));
    },
    get(_target, property) {
      if (property === 'transaction') {
        throw new Error('a query in a unit of work cannot begin a transaction: use its savepoint');
      }
      const value: unknown = Reflect.get(knex, property);
      if (typeof value !== 'function') return value;
      let method = methods.get(property);
      if (method === undefined) {
        method = (...args: unknown[]) => {
          check();
          return bind((value as (...a: unknown[]) => unknown).apply(knex, args));
        };
        methods.set(property, method);
      }
      return method;
    },
  });
}
