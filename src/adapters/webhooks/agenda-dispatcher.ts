import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Agenda, type AgendaBackend, type Job } from 'agenda';
import { PostgresBackend, PostgresNotificationChannel } from '@agendajs/postgres-backend';
import pg from 'pg';
import type { Logger } from 'pino';
import type { WebhookSender } from '../../application/ports/webhook-ports.js';
import { DispatchLoop } from './dispatch-loop.js';
import type { DispatcherOptions, DispatcherUseCases } from './dispatcher-options.js';
import { NotificationListener } from './notification-listener.js';
import { RetryTimers } from './retry-timers.js';
import { SendSlots } from './send-slots.js';

export type {
  AgendaStore,
  DispatcherOptions,
  DispatcherTiming,
  DispatcherUseCases,
  PeriodicJob,
} from './dispatcher-options.js';

/** The Agenda job that runs the dispatcher. */
export const DISPATCH_JOB = 'webhooks.dispatch';

const LOCK_LIFETIME_MS = 30_000;

/**
 * The webhook worker (ARCHITECTURE: "the Agenda-driven dispatcher"). The outbox and the
 * deliveries table are the queue; Agenda 6 runs the `webhooks.dispatch` job that drains them
 * (dispatch-loop.ts, sending through send-slots.ts), and keeps the timers that start it:
 *
 * - a recurring job every `sweepEveryMs` (a safety net: lost wake-ups, expired leases);
 * - a job `now` when a PostgreSQL notification says an event was written or a delivery became
 *   due (on a server; the embedded database polls with a short Agenda scan instead);
 * - a job at each retry's due time (retry-timers.ts), so a retry hours away survives restarts.
 *
 * One run at most per process; it stays while there is work and `lingerMs` after, then ends.
 */
export class AgendaWebhookDispatcher {
  readonly name = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly loop: DispatchLoop;
  private readonly retryTimers: RetryTimers;
  private readonly slots: SendSlots;
  private agenda: Agenda | null = null;
  private pool: pg.Pool | null = null;
  /**
   * Agenda's notification channel's own pool, on the listen connection (past a transaction-mode
   * pooler): one session held for its LISTEN, one for its NOTIFYs.
   */
  private probePool: pg.Pool | null = null;
  private listenPool: pg.Pool | null = null;
  private listener: NotificationListener | null = null;
  private running: Promise<void> | null = null;
  private poll: NodeJS.Timeout | null = null;
  private kickPending = false;

  constructor(
    uc: DispatcherUseCases,
    sender: WebhookSender,
    private readonly logger: Logger,
    private readonly options: DispatcherOptions,
  ) {
    this.retryTimers = new RetryTimers((at, key) => this.scheduleTimer(at, key));
    this.slots = new SendSlots(sender, uc.record, logger, options, {
      onRecorded: (recorded) => this.retryTimers.afterRecord(recorded),
      onProgress: () => this.loop.progressed(),
      isStopping: () => this.loop.stopping,
    });
    this.loop = new DispatchLoop(uc, this.slots, logger, options, this.name, () => this.listener?.listening ?? false);
  }

  async start(): Promise<void> {
    const backend = await this.backend();
    const agenda = new Agenda({
      backend,
      notificationChannel: this.notificationChannel(),
      name: this.name,
      processEvery: this.options.timing.processEveryMs,
      maxConcurrency: 4,
      defaultLockLifetime: LOCK_LIFETIME_MS,
    });
    agenda.on('error', (err) => this.logger.warn({ err }, 'webhook scheduler error'));
    agenda.define(DISPATCH_JOB, (job: Job) => this.runJob(job), {
      concurrency: 1,
      lockLimit: 1,
      lockLifetime: LOCK_LIFETIME_MS,
      removeOnComplete: true,
    });
    for (const periodic of this.options.periodicJobs ?? []) {
      agenda.define(
        periodic.name,
        async () => {
          if (this.loop.stopping) return;
          await periodic
            .run()
            .catch((err: unknown) => this.logger.warn({ err, job: periodic.name }, 'periodic job failed'));
        },
        { concurrency: 1, lockLimit: 1, lockLifetime: LOCK_LIFETIME_MS, removeOnComplete: false },
      );
    }
    this.agenda = agenda;
    await agenda.ready;
    await agenda.start();
    await agenda.every(this.options.timing.sweepEveryMs, DISPATCH_JOB, undefined, { skipImmediate: true });
    for (const periodic of this.options.periodicJobs ?? []) await agenda.every(periodic.everyMs, periodic.name);
    if (this.options.listen) {
      this.listener = new NotificationListener(
        this.options.listen,
        this.logger,
        (kind) => this.wake(kind),
        (listening) => this.pollUnless(listening),
        this.probeSender(),
      );
      await this.listener.start();
    }
    this.wake();
    this.logger.info(
      { worker: this.name, store: this.options.store.kind, notifications: this.options.listen !== null },
      'webhook worker started',
    );
  }

  /** True between a successful start and a stop (readiness). */
  get started(): boolean {
    return this.agenda !== null && !this.loop.stopping;
  }

  /** Stops gracefully: no new claims; requests under way finish and their outcomes are recorded. */
  async stop(): Promise<void> {
    if (this.loop.stopping) return;
    this.loop.stop();
    this.pollUnless(true);
    await this.listener?.stop();
    await this.slots.settle();
    await this.running;
    // drain, not stop: lets the finished run's job record its completion before the pool closes.
    await this.agenda
      ?.drain({ timeout: 5_000 })
      .catch((err: unknown) => this.logger.warn({ err }, 'webhook scheduler stop failed'));
    await this.pool?.end().catch(() => undefined);
    await this.listenPool?.end().catch(() => undefined);
    await this.probePool?.end().catch(() => undefined);
    this.logger.info({ worker: this.name }, 'webhook worker stopped');
  }

  /**
   * Something may be due (`outbox`: an event was written; `due`: a delivery became PENDING):
   * signal the run of this process, or start one through Agenda.
   */
  wake(kind: 'outbox' | 'due' = 'outbox'): void {
    if (this.loop.stopping) return;
    this.loop.nudge(kind);
    if (this.running || this.kickPending || !this.agenda) return;
    this.kickPending = true;
    const reset = setTimeout(() => (this.kickPending = false), 1_000);
    reset.unref();
    this.agenda.now(DISPATCH_JOB, { wake: this.name }).catch((err: unknown) => {
      this.kickPending = false;
      this.logger.warn({ err }, 'could not schedule a webhook dispatch');
    });
  }

  /**
   * Without notifications (the database restarting, a failover), nothing says when an event is
   * written: the dispatcher looks every `processEveryMs` until they flow again, then catches up.
   */
  private pollUnless(listening: boolean): void {
    if (listening) {
      if (this.poll) clearInterval(this.poll);
      this.poll = null;
      this.wake();
      return;
    }
    if (this.poll || this.loop.stopping) return;
    this.poll = setInterval(() => this.wake(), this.options.timing.processEveryMs);
    this.poll.unref();
  }

  /**
   * Agenda's own LISTEN channel (a job saved by one process starts at once in another), kept
   * open across database restarts: it retries for as long as it takes instead of Agenda's
   * default of giving up after ten attempts, and its errors are logged rather than thrown.
   */
  private notificationChannel(): PostgresNotificationChannel | undefined {
    const store = this.options.store;
    if (store.kind !== 'postgres' || !store.notifications) return undefined;
    this.listenPool = new pg.Pool({ ...store.notifications, max: 2 });
    this.listenPool.on('error', (err) =>
      this.logger.debug({ err }, 'webhook scheduler notifications: connection lost'),
    );
    const channel = new PostgresNotificationChannel({
      pool: this.listenPool,
      reconnect: { enabled: true, maxAttempts: Number.POSITIVE_INFINITY, initialDelayMs: 250, maxDelayMs: 5_000 },
    });
    channel.on('error', (err: unknown) => this.logger.debug({ err }, 'webhook scheduler notifications: reconnecting'));
    return channel;
  }

  /** Sends a notification probe the way writes send their notifications (DATABASE_URL). */
  private probeSender(): ((payload: string) => Promise<void>) | undefined {
    if (!this.options.notifyVia) return undefined;
    const pool = new pg.Pool({ ...this.options.notifyVia, max: 1 });
    pool.on('error', (err) => this.logger.debug({ err }, 'webhook notification probe: connection lost'));
    this.probePool = pool;
    return async (payload) => {
      await pool.query("SELECT pg_notify('webhooks', $1)", [payload]);
    };
  }

  private async backend(): Promise<AgendaBackend> {
    const store = this.options.store;
    if (store.kind === 'mongodb') {
      const { MongoBackend } = await import('@agendajs/mongo-backend');
      return new MongoBackend({ address: store.url, ensureIndex: true });
    }
    this.pool = new pg.Pool({ ...store.connection, max: 3 });
    this.pool.on('error', (err) => this.logger.warn({ err }, 'webhook scheduler pool error'));
    // Its notification channel is this dispatcher's own (notificationChannel()).
    return new PostgresBackend({ pool: this.pool, ensureSchema: false, disableNotifications: true });
  }

  private async runJob(job: Job): Promise<void> {
    if (this.running || this.loop.stopping) return;
    this.kickPending = false;
    this.running = this.loop.run(() => job.touch());
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  private scheduleTimer(at: Date, key: string): void {
    this.agenda
      ?.create(DISPATCH_JOB, { at: key })
      .unique({ 'data.at': key })
      .schedule(at)
      .save()
      .catch((err: unknown) => this.logger.warn({ err }, 'could not schedule a webhook retry timer'));
  }
}
