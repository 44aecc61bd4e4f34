import { ContainerModule } from 'inversify';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { ExpireReservations } from '../../application/inventory/reservation-lifecycle.js';
import type { WebhookSender } from '../../application/ports/webhook-ports.js';
import { TOKENS } from '../../application/tokens.js';
import { ClaimDueDeliveries } from '../../application/webhooks/claim-due-deliveries.js';
import { FanOutEvents } from '../../application/webhooks/fan-out-events.js';
import { ListDeliveries, ListDeliveriesAcrossIntegrations } from '../../application/webhooks/list-deliveries.js';
import { PingWebhook } from '../../application/webhooks/ping-webhook.js';
import { ProbeWebhookWork } from '../../application/webhooks/probe-webhook-work.js';
import { ReclaimExpiredLeases } from '../../application/webhooks/reclaim-expired-leases.js';
import { RecordDeliveryOutcomes } from '../../application/webhooks/record-delivery-outcomes.js';
import { ReplayDelivery } from '../../application/webhooks/replay-delivery.js';
import { ResumeWebhook } from '../../application/webhooks/resume-webhook.js';
import { RotateWebhookSecret } from '../../application/webhooks/rotate-webhook-secret.js';
import { DailyDeliveries } from '../../application/webhooks/daily-deliveries.js';
import { AgendaWebhookDispatcher, type DispatcherOptions } from '../../adapters/webhooks/agenda-dispatcher.js';
import { PinoWebhookAlerts } from '../../adapters/webhooks/alerts.js';
import { UndiciWebhookSender } from '../../adapters/webhooks/undici-sender.js';
import { leaseMs, type Config } from '../config.js';
import type { Database } from '../database.js';
import { INFRA } from '../tokens.js';
import { bindFactory, bindGroup, bindUseCase, type Bind } from './bind.js';

const { UnitOfWork, IdGenerator, Clock, WebhookSettings, WebhookAlerts, WebhookSender } = TOKENS;

/** The worker's store, wake-up channel and pacing on each kind of database (config.workerTuning). */
export function dispatcherOptions(config: Config, database: Database): DispatcherOptions {
  const server = database.kind === 'server';
  // knex's pg connection settings are pg's own (their `types` field aside, which is unset here).
  const connection = { ...database.connection } as pg.ClientConfig;
  // LISTEN needs a session of its own: past a pooler in transaction mode, DATABASE_LISTEN_URL's.
  const listen = { ...database.listenConnection } as pg.ClientConfig;
  const { processEveryMs, sweepEveryMs, probeEveryMs, lingerMs, maxInFlight, claimBatch, fanOutBatch } =
    config.workerTuning[database.kind];
  return {
    store: config.mongodbUrl
      ? { kind: 'mongodb', url: config.mongodbUrl }
      : { kind: 'postgres', connection, notifications: server ? listen : null },
    // The embedded database does not pass notifications between connections: poll instead.
    listen: server ? listen : null,
    notifyVia: server ? connection : null,
    timing: { processEveryMs, sweepEveryMs, probeEveryMs, lingerMs },
    maxInFlight,
    claimBatch,
    fanOutBatch,
    timeoutMs: config.webhookTimeoutMs,
  };
}

/** The outbox's fan-out to webhook deliveries, their sending, and the back office's tools for them. */
function bindDeliveries(bind: Bind): void {
  bindFactory(
    bind,
    WebhookSettings,
    (config: Config) => ({
      retrySchedule: config.webhookRetrySchedule,
      timeoutMs: config.webhookTimeoutMs,
      leaseMs: leaseMs(config),
    }),
    [INFRA.Config],
  );
  bindFactory(
    bind,
    WebhookSender,
    (config: Config) =>
      new UndiciWebhookSender({
        timeoutMs: config.webhookTimeoutMs,
        allowHttp: config.webhookAllowHttp,
        allowPrivate: config.webhookAllowPrivate,
      }),
    [INFRA.Config],
  );
  bindFactory(bind, WebhookAlerts, (logger: Logger) => new PinoWebhookAlerts(logger), [INFRA.Logger]);

  bindUseCase(bind, TOKENS.FanOutEvents, FanOutEvents, [UnitOfWork, IdGenerator, Clock, WebhookSettings]);
  bindUseCase(bind, TOKENS.ClaimDueDeliveries, ClaimDueDeliveries, [UnitOfWork, Clock, WebhookSettings]);
  bindUseCase(bind, TOKENS.RecordDeliveryOutcomes, RecordDeliveryOutcomes, [
    UnitOfWork,
    IdGenerator,
    Clock,
    WebhookSettings,
    WebhookAlerts,
  ]);
  bindUseCase(bind, TOKENS.ReclaimExpiredLeases, ReclaimExpiredLeases, [UnitOfWork, IdGenerator, Clock]);
  bindUseCase(bind, TOKENS.ProbeWebhookWork, ProbeWebhookWork, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ResumeWebhook, ResumeWebhook, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.ListDeliveries, ListDeliveries, [UnitOfWork]);
  bindUseCase(bind, TOKENS.ListDeliveriesAcrossIntegrations, ListDeliveriesAcrossIntegrations, [UnitOfWork]);
  bindUseCase(bind, TOKENS.ReplayDelivery, ReplayDelivery, [UnitOfWork, Clock]);
  bindUseCase(bind, TOKENS.PingWebhook, PingWebhook, [UnitOfWork, IdGenerator, Clock, WebhookSender, WebhookSettings]);
  bindUseCase(bind, TOKENS.RotateWebhookSecret, RotateWebhookSecret, [UnitOfWork, Clock, TOKENS.SecretGenerator]);
  bindUseCase(bind, TOKENS.DailyDeliveries, DailyDeliveries, [UnitOfWork, TOKENS.ActivityStatistics, Clock]);

  bindGroup(bind, TOKENS.WebhooksBackOffice, {
    resumeWebhook: TOKENS.ResumeWebhook,
    listDeliveries: TOKENS.ListDeliveries,
    listDeliveriesAcrossIntegrations: TOKENS.ListDeliveriesAcrossIntegrations,
    replayDelivery: TOKENS.ReplayDelivery,
    pingWebhook: TOKENS.PingWebhook,
    rotateWebhookSecret: TOKENS.RotateWebhookSecret,
    dailyDeliveries: TOKENS.DailyDeliveries,
  });
}

/** The worker that runs the deliveries: Agenda on the database (or MongoDB), paced for its kind. */
function bindDispatcher(bind: Bind): void {
  bindFactory(
    bind,
    INFRA.WebhookDispatcher,
    (
      config: Config,
      database: Database,
      logger: Logger,
      sender: WebhookSender,
      fanOut: FanOutEvents,
      claim: ClaimDueDeliveries,
      record: RecordDeliveryOutcomes,
      reclaim: ReclaimExpiredLeases,
      probe: ProbeWebhookWork,
      expireReservations: ExpireReservations,
    ) =>
      new AgendaWebhookDispatcher({ fanOut, claim, record, reclaim, probe }, sender, logger, {
        ...dispatcherOptions(config, database),
        // The inventory's sweep of expired reservations rides on the same worker.
        periodicJobs: [
          {
            name: 'inventory.reservations.expire',
            everyMs: config.reservationSweepEveryMs,
            run: () => expireReservations.execute(),
          },
        ],
      }),
    [
      INFRA.Config,
      INFRA.Database,
      INFRA.Logger,
      WebhookSender,
      TOKENS.FanOutEvents,
      TOKENS.ClaimDueDeliveries,
      TOKENS.RecordDeliveryOutcomes,
      TOKENS.ReclaimExpiredLeases,
      TOKENS.ProbeWebhookWork,
      TOKENS.ExpireReservations,
    ],
  );
}

export const webhooksModule = new ContainerModule(({ bind }) => {
  bindDeliveries(bind);
  bindDispatcher(bind);
});
