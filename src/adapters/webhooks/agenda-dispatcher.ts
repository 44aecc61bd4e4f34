import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Agenda, type AgendaBackend, type Job } from 'agenda';
import { PostgresBackend } from '@agendajs/postgres-backend';
import pg from 'pg';
import type { Logger } from 'pino';
import type { ClaimDueDeliveries } from '../../application/webhooks/claim-due-deliveries.js';
import type { FanOutEvents } from '../../application/webhooks/fan-out-events.js';
import type { ProbeWebhookWork } from '../../application/webhooks/probe-webhook-work.js';
import type { ReclaimExpiredLeases } from '../../application/webhooks/reclaim-expired-leases.js';
import type {
  DeliveryResult,
  RecordDeliveryOutcomes,
  RecordedOutcomes,
} from '../../application/webhooks/record-delivery-outcomes.js';
import type { ClaimedDelivery, WebhookSender } from '../../application/ports/webhook-ports.js';
import type { AttemptOutcome } from '../../domain/webhooks/delivery.js';

/** Where Agenda keeps its jobs: the app's PostgreSQL (default) or MongoDB (`MONGODB_URL`). */
export type AgendaStore =
  { kind: 'postgres'; connection: pg.PoolConfig; notifications: boolean } | { kind: 'mongodb'; url: string };

export interface DispatcherTiming {
  /** Agenda's scan for due jobs. */
  processEveryMs: number;
  /** The recurring safety-net run (and lease sweep) interval. */
  sweepEveryMs: number;
  /** How often an active run looks for new work when nothing woke it. */
  probeEveryMs: number;
  /** How long a run stays after its last work before it ends. */
  lingerMs: number;
}

export interface DispatcherOptions {
  store: AgendaStore;
  /** A connection on which to LISTEN for `webhooks` notifications (PostgreSQL server); null: poll. */
  listen: pg.ClientConfig | null;
  timing: DispatcherTiming;
  /** Requests this process keeps in flight at most (the per-tenant limit of 5 is the database's). */
  maxInFlight: number;
  claimBatch: number;
  fanOutBatch: number;
  /** The longest a request can take: a stop waits this long for requests under way. */
  timeoutMs: number;
}

export interface DispatcherUseCases {
  fanOut: FanOutEvents;
  claim: ClaimDueDeliveries;
  record: RecordDeliveryOutcomes;
  reclaim: ReclaimExpiredLeases;
  probe: ProbeWebhookWork;
}

/** The Agenda job that runs the dispatcher. */
export const DISPATCH_JOB = 'webhooks.dispatch';

const TOUCH_EVERY_MS = 5_000;
const LOCK_LIFETIME_MS = 30_000;
const MAX_CONSECUTIVE_ERRORS = 5;
const TIMER_BUCKET_MS = 100;
const MAX_FLUSHERS = 2;
const RECORD_BATCH = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The webhook worker (ARCHITECTURE: "the Agenda-driven dispatcher"). The outbox and the
 * deliveries table are the queue; Agenda 6 runs the `webhooks.dispatch` job that drains them,
 * and keeps the timers that start it:
 *
 * - a recurring job every `sweepEveryMs` (a safety net: lost wake-ups, expired leases);
 * - a job `now` when a PostgreSQL notification says an event was written or a delivery became
 *   due (on a server; the embedded database polls with a short Agenda scan instead);
 * - a job at each retry's due time (coalesced per 100 ms), so a retry hours away survives restarts.
 *
 * One run (at most one per process) loops: fan out the outbox, take back expired leases, claim
 * due deliveries — each in one of its tenant's 5 slots, enforced by the database across every
 * process — send them concurrently, and record the outcomes in batches. It stays while there is
 * work and `lingerMs` after, then ends. A crash at any moment loses nothing: an unsent outbox
 * row stays undispatched, a claimed delivery's lease expires and it is sent again.
 */
export class AgendaWebhookDispatcher {
  readonly name = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private agenda: Agenda | null = null;
  private pool: pg.Pool | null = null;
  private listener: pg.Client | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  private kickPending = false;
  private inFlight = 0;
  private outcomes: DeliveryResult[] = [];
  private readonly flushers = new Set<Promise<void>>();
  /** The outbox may hold undispatched events (a notification said so, or the last fan-out was full). */
  private outboxDirty = true;
  private wakeUp: (() => void) | null = null;
  private readonly timers = new Set<number>();
  private readonly sends = new Set<Promise<void>>();

  constructor(
    private readonly uc: DispatcherUseCases,
    private readonly sender: WebhookSender,
    private readonly logger: Logger,
    private readonly options: DispatcherOptions,
  ) {}

  async start(): Promise<void> {
    const backend = await this.backend();
    const agenda = new Agenda({
      backend,
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
    this.agenda = agenda;
    await agenda.ready;
    await agenda.start();
    await agenda.every(this.options.timing.sweepEveryMs, DISPATCH_JOB, undefined, { skipImmediate: true });
    if (this.options.listen) await this.listen(this.options.listen);
    this.wake();
    this.logger.info(
      { worker: this.name, store: this.options.store.kind, notifications: this.options.listen !== null },
      'webhook worker started',
    );
  }

  /** True between a successful start and a stop (readiness). */
  get started(): boolean {
    return this.agenda !== null && !this.stopping;
  }

  /** Stops gracefully: no new claims; requests under way finish and their outcomes are recorded. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.signal();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.settle();
    await this.running;
    // drain, not stop: lets the finished run's job record its completion before the pool closes.
    await this.agenda
      ?.drain({ timeout: 5_000 })
      .catch((err: unknown) => this.logger.warn({ err }, 'webhook scheduler stop failed'));
    await this.pool?.end().catch(() => undefined);
    this.logger.info({ worker: this.name }, 'webhook worker stopped');
  }

  /**
   * Something may be due (`outbox`: an event was written; `due`: a delivery became PENDING):
   * signal the run of this process, or start one through Agenda.
   */
  wake(kind: 'outbox' | 'due' = 'outbox'): void {
    if (this.stopping) return;
    if (kind === 'outbox') this.outboxDirty = true;
    if (this.running) {
      this.signal();
      return;
    }
    if (this.kickPending || !this.agenda) return;
    this.kickPending = true;
    const reset = setTimeout(() => (this.kickPending = false), 1_000);
    reset.unref();
    this.agenda.now(DISPATCH_JOB, { wake: this.name }).catch((err: unknown) => {
      this.kickPending = false;
      this.logger.warn({ err }, 'could not schedule a webhook dispatch');
    });
  }

  private async backend(): Promise<AgendaBackend> {
    const store = this.options.store;
    if (store.kind === 'mongodb') {
      const { MongoBackend } = await import('@agendajs/mongo-backend');
      return new MongoBackend({ address: store.url, ensureIndex: true });
    }
    this.pool = new pg.Pool({ ...store.connection, max: 3 });
    this.pool.on('error', (err) => this.logger.warn({ err }, 'webhook scheduler pool error'));
    return new PostgresBackend({
      pool: this.pool,
      ensureSchema: false,
      disableNotifications: !store.notifications,
    });
  }

  private async listen(config: pg.ClientConfig): Promise<void> {
    const client = new pg.Client(config);
    client.on('notification', (n) => this.wake(n.payload === 'due' ? 'due' : 'outbox'));
    client.on('error', (err) => {
      this.logger.warn({ err }, 'webhook notification connection lost; reconnecting');
      if (this.listener === client) this.listener = null;
      client.end().catch(() => undefined);
      if (!this.stopping) {
        setTimeout(() => {
          if (!this.stopping) this.listen(config).catch(() => undefined);
        }, 1_000).unref();
      }
    });
    await client.connect();
    await client.query('LISTEN webhooks');
    this.listener = client;
  }

  private async runJob(job: Job): Promise<void> {
    if (this.running || this.stopping) return;
    this.kickPending = false;
    this.running = this.drain(job);
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  private async drain(job: Job): Promise<void> {
    // Idle and nothing to do: one cheap query, done.
    if (!(await this.uc.probe.execute().catch(() => true))) return;
    let lastWork = Date.now();
    let lastSweep = 0;
    let lastFanOut = 0;
    let lastTouch = Date.now();
    let errors = 0;
    while (!this.stopping) {
      try {
        if (Date.now() - lastTouch >= TOUCH_EVERY_MS) {
          await job.touch();
          lastTouch = Date.now();
        }
        let progressed = false;
        if (Date.now() - lastSweep >= this.options.timing.sweepEveryMs) {
          lastSweep = Date.now();
          const swept = await this.uc.reclaim.execute();
          if (swept.released > 0) {
            this.logger.warn({ released: swept.released }, 'webhook deliveries of a stopped worker taken back');
            progressed = true;
          }
        }
        // The fan-out runs when there may be events: always when polling (every probe), on a
        // notification when listening — and at least every sweep in case one was missed.
        const fanOutDue =
          this.outboxDirty ||
          Date.now() - lastFanOut >=
            (this.options.listen ? this.options.timing.sweepEveryMs : this.options.timing.probeEveryMs);
        const room = this.options.maxInFlight - this.inFlight;
        const [fanned, claimed] = await Promise.allSettled([
          fanOutDue ? this.fanOut() : Promise.resolve(0),
          room > 0 ? this.uc.claim.execute(this.name, Math.min(room, this.options.claimBatch)) : Promise.resolve([]),
        ]);
        if (fanOutDue) lastFanOut = Date.now();
        // Claimed deliveries are sent even if the fan-out beside them failed (and vice versa).
        if (claimed.status === 'fulfilled') for (const c of claimed.value) this.launch(c);
        if (fanned.status === 'rejected') throw fanned.reason;
        if (claimed.status === 'rejected') throw claimed.reason;
        if (fanned.value > 0 || claimed.value.length > 0) progressed = true;
        errors = 0;
        if (progressed) {
          lastWork = Date.now();
          continue;
        }
        const busy = this.inFlight > 0 || this.outcomes.length > 0 || this.flushers.size > 0;
        if (!busy && Date.now() - lastWork >= this.options.timing.lingerMs) break;
        await this.waitForSignal(this.options.timing.probeEveryMs);
      } catch (err) {
        errors += 1;
        this.logger.warn({ err, worker: this.name }, 'webhook dispatch step failed');
        if (errors >= MAX_CONSECUTIVE_ERRORS) break;
        await this.waitForSignal(1_000);
      }
    }
    await this.settle();
  }

  /** Sends one claimed delivery; its outcome joins the next batch to record. */
  private launch(claimed: ClaimedDelivery): void {
    this.inFlight += 1;
    const { delivery, target } = claimed;
    const send = (async () => {
      let outcome: AttemptOutcome;
      if (!target.url || !target.secret || !target.active) {
        outcome = {
          ok: false,
          statusCode: null,
          error: 'The integration is inactive or has no webhook URL',
          startedAt: new Date(),
          durationMs: 0,
        };
      } else {
        outcome = await this.sender.send(
          { url: target.url, secret: target.secret },
          { deliveryId: delivery.id, eventName: delivery.eventName, payload: delivery.payload },
        );
      }
      this.outcomes.push({ delivery, outcome });
    })()
      .catch((err: unknown) => this.logger.error({ err }, 'webhook send failed unexpectedly'))
      .finally(() => {
        this.inFlight -= 1;
        this.sends.delete(send);
        this.flush();
      });
    this.sends.add(send);
  }

  /** One fan-out batch; a full batch means there may be more. */
  private async fanOut(): Promise<number> {
    this.outboxDirty = false;
    const { events } = await this.uc.fanOut.execute(this.options.fanOutBatch);
    if (events >= this.options.fanOutBatch) this.outboxDirty = true;
    return events;
  }

  /** Records the queued outcomes in batches, with up to MAX_FLUSHERS transactions at once. */
  private flush(): void {
    while (this.flushers.size < MAX_FLUSHERS && this.outcomes.length > 0) {
      const flusher: Promise<void> = this.flushLoop().finally(() => {
        this.flushers.delete(flusher);
        if (this.outcomes.length > 0 && !this.stopping) this.flush();
        this.signal();
      });
      this.flushers.add(flusher);
    }
  }

  private async flushLoop(): Promise<void> {
    let failures = 0;
    while (this.outcomes.length > 0) {
      const batch = this.outcomes.splice(0, RECORD_BATCH);
      try {
        this.afterRecord(await this.uc.record.execute(batch));
        failures = 0;
        this.signal();
      } catch (err) {
        failures += 1;
        this.logger.warn({ err, count: batch.length }, 'recording webhook outcomes failed; retrying');
        this.outcomes.unshift(...batch);
        // Giving up is safe: the leases expire and the deliveries are sent again.
        if (this.stopping && failures >= 3) {
          this.outcomes = [];
          return;
        }
        await sleep(Math.min(5_000, 200 * 2 ** failures));
      }
    }
  }

  /** Retries due later get an Agenda timer, so they run on time even if every run has ended. */
  private afterRecord(recorded: RecordedOutcomes): void {
    const now = Date.now();
    for (const d of recorded.saved) {
      const at = d.nextAttemptAt?.getTime();
      if (d.status !== 'RETRYING' || at === undefined) continue;
      const bucket = Math.ceil(at / TIMER_BUCKET_MS) * TIMER_BUCKET_MS;
      if (this.timers.has(bucket)) continue;
      this.timers.add(bucket);
      const key = new Date(bucket).toISOString();
      this.agenda
        ?.create(DISPATCH_JOB, { at: key })
        .unique({ 'data.at': key })
        .schedule(new Date(bucket))
        .save()
        .catch((err: unknown) => this.logger.warn({ err }, 'could not schedule a webhook retry timer'));
    }
    for (const bucket of this.timers) if (bucket < now) this.timers.delete(bucket);
  }

  /** Waits for the requests under way and records every outcome. */
  private async settle(): Promise<void> {
    const deadline = Date.now() + this.options.timeoutMs + 5_000;
    while ((this.sends.size > 0 || this.flushers.size > 0 || this.outcomes.length > 0) && Date.now() < deadline) {
      if (this.sends.size > 0) await Promise.race([Promise.allSettled([...this.sends]), sleep(100)]);
      else if (this.flushers.size > 0) await Promise.allSettled([...this.flushers]);
      else this.flush();
    }
  }

  private signal(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    wake?.();
  }

  private waitForSignal(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
