import type { Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import type { AgendaWebhookDispatcher } from '../adapters/webhooks/agenda-dispatcher.js';
import type { AdminAccess, BoundRoute, ExternalAccess } from '../adapters/http/routes/route.js';
import { token } from '../application/tokens.js';
import type { Config } from './config.js';
import type { Database } from './database.js';

/** What this process runs, for `/ready`: set by the service once the worker has started. */
export interface Runtime {
  worker: { readonly started: boolean } | null;
  workerExpected: boolean;
}

/** Tokens of the infrastructure's own values: bound by `buildContainer` or the http and webhooks modules. */
export const INFRA = {
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Database: token<Database>('Database'),
  Knex: token<Knex>('Knex'),
  HttpApp: token<Express>('HttpApp'),
  /** The external API's routes, each bound to its context's use cases. */
  ExternalRoutes: token<BoundRoute<ExternalAccess>[]>('ExternalRoutes'),
  /** The back-office API's routes, each bound to its context's back-office use cases. */
  AdminRoutes: token<BoundRoute<AdminAccess>[]>('AdminRoutes'),
  WebhookDispatcher: token<AgendaWebhookDispatcher>('WebhookDispatcher'),
  /** The process's metrics (prom-client registry). */
  Metrics: token<ServiceMetrics>('ServiceMetrics'),
  Runtime: token<Runtime>('Runtime'),
} as const;
