import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { currentCallerWrites, parseLsn, type CallerWrites } from '../../shared/caller-writes.js';
import { isDatabaseUnavailable } from '../../shared/database-availability.js';

/** One hot standby, as this process last saw it. */
export interface Replica {
  /** `host:port/database`: the metrics' label (never the URL, which may hold a password). */
  readonly name: string;
  readonly knex: Knex;
  /** Answered its last poll as a standby in recovery. */
  up: boolean;
  /** The WAL position it had replayed at its last poll; null before the first. */
  replayed: bigint | null;
  /** How far behind the primary it was at its last poll, in milliseconds. */
  lagMs: number;
}

/** Where a read went, for the metrics. */
export type ReadTarget = 'replica' | 'primary' | 'fallback';

export interface ReplicaReadStats {
  replicas: readonly { name: string; up: boolean; lagMs: number }[];
  reads: Readonly<Record<ReadTarget, number>>;
}

/**
 * The routing rule, the one place it is written: a read goes to a replica only when it is an
 * integration's GET, and only to a replica that is up, no further behind than `maxLagMs`, and
 * has replayed the integration's last write (its WAL position, from the primary). Anything else
 * reads the primary: writes and the reads of a write's request, the back office, background work.
 */
export function replicaFor(
  caller: CallerWrites | undefined,
  replicas: readonly Replica[],
  maxLagMs: number,
  pick: (n: number) => number = (n) => Math.floor(Math.random() * n),
): Replica | null {
  if (!caller?.readOnly || caller.integrationId === null) return null;
  const usable = replicas.filter(
    (r) =>
      r.up &&
      r.replayed !== null &&
      r.lagMs <= maxLagMs &&
      (caller.lastWrite === null || r.replayed >= caller.lastWrite),
  );
  return usable.length === 0 ? null : usable[pick(usable.length)]!;
}

/** The standby had not replayed the caller's write when the read began: the primary answers. */
class ReplicaBehind extends Error {}

/**
 * A standby cancels a query whose rows its replay must remove or lock ("canceling statement due
 * to conflict with recovery", SQLSTATE 40001): a read, so the primary answers it instead.
 */
function isRecoveryConflict(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40001';
}

export interface ReplicaReadsOptions {
  maxLagMs: number;
  /** How often each replica's replay position (and the primary's) is read. */
  pollEveryMs?: number;
}

/**
 * Reads routed to hot-standby replicas (`DATABASE_REPLICA_URLS`), with read-your-writes per
 * integration:
 * - after an integration's write commits, `committed` records on the primary the WAL position
 *   the write reached, before the answer leaves; the integration's next request, on any
 *   process, learns it in its nonce claim (`lastWrite`);
 * - its reads go to a replica that has replayed past that position (checked again on the
 *   replica, in the read's own transaction, before the read), else to the primary.
 * A replica that is down or too far behind is skipped until a poll finds it well; a read that
 * fails on one because it went away is answered by the primary.
 */
export class ReplicaReads {
  private readonly reads: Record<ReadTarget, number> = { replica: 0, primary: 0, fallback: 0 };
  /** The primary's WAL position at each poll, oldest first, over the last `maxLagMs` and a bit. */
  private readonly history: { at: number; position: bigint }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;

  constructor(
    private readonly primary: Knex,
    readonly replicas: readonly Replica[],
    private readonly logger: Logger,
    private readonly options: ReplicaReadsOptions,
  ) {}

  /** Polls now and then every `pollEveryMs` until `stop`. */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollEveryMs ?? 100);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.all(this.replicas.map((r) => r.knex.destroy()));
  }

  /** Runs a read on the replica the rule picks for the current request, else on the primary. */
  async read<T>(work: (db: Knex) => Promise<T>): Promise<T> {
    const caller = currentCallerWrites();
    // Who calls, and what it last wrote, are known once its nonce claim is back.
    if (caller?.readOnly && caller.claiming) await caller.claiming;
    const replica = replicaFor(caller, this.replicas, this.options.maxLagMs);
    if (replica === null) {
      this.reads.primary++;
      return work(this.primary);
    }
    try {
      const mustReach = caller!.lastWrite;
      const result =
        mustReach === null
          ? await work(replica.knex)
          : await replica.knex.transaction(async (trx) => {
              // Each later statement of this session sees at least what the standby had replayed here.
              const { rows } = await trx.raw<{ rows: { replayed: string | null }[] }>(
                'SELECT pg_last_wal_replay_lsn()::text AS replayed',
              );
              const replayed = rows[0]?.replayed;
              if (!replayed || parseLsn(replayed) < mustReach) throw new ReplicaBehind();
              return work(trx);
            });
      this.reads.replica++;
      return result;
    } catch (err) {
      const outage = isDatabaseUnavailable(err);
      if (!outage && !(err instanceof ReplicaBehind) && !isRecoveryConflict(err)) throw err;
      if (outage) this.down(replica, err);
      this.reads.fallback++;
      return work(this.primary);
    }
  }

  /**
   * After a write of the current request committed: its integration's WAL position on the
   * primary, so that its next reads, on any process, find a replica that has replayed it. Its
   * commit need not wait for a flush: it only steers reads, and it is visible once committed.
   */
  async committed(): Promise<void> {
    const caller = currentCallerWrites();
    if (!caller?.integrationId) return;
    // One simple-protocol message (no bound parameters), so SET LOCAL covers this statement only.
    const integration = this.primary.raw('?::uuid', [caller.integrationId]).toQuery();
    const results = await this.primary.raw<{ rows: { position: string }[] }[]>(
      `SET LOCAL synchronous_commit = off;
       INSERT INTO integration_write_positions AS p (integration_id, position)
       VALUES (${integration}, pg_current_wal_insert_lsn())
       ON CONFLICT (integration_id) DO UPDATE SET position = greatest(p.position, excluded.position)
       RETURNING position::text AS position`,
    );
    const position = results[1]?.rows[0]?.position;
    if (position) caller.lastWrite = parseLsn(position);
  }

  stats(): ReplicaReadStats {
    return {
      replicas: this.replicas.map(({ name, up, lagMs }) => ({ name, up, lagMs })),
      reads: { ...this.reads },
    };
  }

  private poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = null));
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    const now = Date.now();
    try {
      const { rows } = await this.primary.raw<{ rows: { position: string }[] }>(
        'SELECT pg_current_wal_lsn()::text AS position',
      );
      this.history.push({ at: now, position: parseLsn(rows[0]!.position) });
      while (this.history.length > 1 && this.history[0]!.at < now - this.options.maxLagMs * 2) this.history.shift();
    } catch (err) {
      // The primary away: nothing to compare with; the replicas' last state stands.
      this.logger.debug({ err }, 'replica routing: could not read the primary WAL position');
    }
    await Promise.all(this.replicas.map((replica) => this.pollReplica(replica, now)));
  }

  private async pollReplica(replica: Replica, now: number): Promise<void> {
    try {
      const { rows } = await replica.knex.raw<{ rows: { replayed: string | null; standby: boolean }[] }>(
        'SELECT pg_last_wal_replay_lsn()::text AS replayed, pg_is_in_recovery() AS standby',
      );
      const { replayed, standby } = rows[0]!;
      if (!standby || replayed === null) throw new Error('not a hot standby in recovery (promoted?)');
      replica.replayed = parseLsn(replayed);
      replica.lagMs = this.lagOf(replica.replayed, now);
      if (!replica.up) this.logger.info({ replica: replica.name, lagMs: replica.lagMs }, 'replica usable for reads');
      replica.up = true;
    } catch (err) {
      this.down(replica, err);
    }
  }

  /**
   * How long ago the primary first stood past `replayed`, as its polled positions tell (0: the
   * replica has replayed everything the primary had at the last poll).
   */
  private lagOf(replayed: bigint, now: number): number {
    const ahead = this.history.find((sample) => sample.position > replayed);
    return ahead === undefined ? 0 : now - ahead.at;
  }

  private down(replica: Replica, err: unknown): void {
    if (replica.up) this.logger.warn({ replica: replica.name, err }, 'replica skipped for reads: unreachable');
    replica.up = false;
    replica.replayed = null;
  }
}
