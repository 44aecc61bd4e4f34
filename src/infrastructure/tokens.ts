import type { Express } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { AgendaWebhookDispatcher } from '../adapters/webhooks/agenda-dispatcher.js';
import { token } from '../application/tokens.js';
import type { Config } from './config.js';
import type { Database } from './database.js';

/** Tokens of the infrastructure's own values: bound by `buildContainer` or the http and webhooks modules. */
export const INFRA = {
  Config: token<Config>('Config'),
  Logger: token<Logger>('Logger'),
  Database: token<Database>('Database'),
  Knex: token<Knex>('Knex'),
  HttpApp: token<Express>('HttpApp'),
  WebhookDispatcher: token<AgendaWebhookDispatcher>('WebhookDispatcher'),
} as const;
