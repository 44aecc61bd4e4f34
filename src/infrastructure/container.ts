import 'reflect-metadata';
import { Container, ContainerModule } from 'inversify';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './database.js';
import { accessModule } from './modules/access.module.js';
import { bindConstant } from './modules/bind.js';
import { billingModule } from './modules/billing.module.js';
import { coreModule } from './modules/core.module.js';
import { inventoryModule } from './modules/inventory.module.js';
import { logisticsModule } from './modules/logistics.module.js';
import { organizationModule } from './modules/organization.module.js';
import { webhooksModule } from './modules/webhooks.module.js';
import type { WebhookAlerts, WebhookSender } from '../application/ports/webhook-ports.js';
import { TOKENS } from '../application/tokens.js';
import { MeteredWebhookAlerts, MeteredWebhookSender } from '../adapters/metrics/metered-webhooks.js';
import { ServiceMetrics } from '../adapters/metrics/service-metrics.js';
import { webhookQueueStats } from '../adapters/persistence/webhook-queue-stats.js';
import { INFRA } from './tokens.js';

export { dispatcherOptions } from './modules/webhooks.module.js';

/**
 * The composition root: the infrastructure's values are constants, then one module per
 * context (src/infrastructure/modules/) binds its ports and use cases with `bindUseCase`, whose
 * token lists the compiler checks against the constructors. The API's and the back office's
 * modules come from the caller (`apiModules`, service.ts's API_PARTS): a standalone worker
 * leaves them out and never loads their code.
 */
export function buildContainer(deps: {
  config: Config;
  logger: Logger;
  database: Database;
  apiModules: readonly ContainerModule[];
}): Container {
  const container = new Container();
  const replicas = deps.database.replicas;
  const metrics = new ServiceMetrics({
    queue: () => webhookQueueStats(deps.database.knex),
    replicas: replicas ? () => replicas.stats() : undefined,
  });
  container.load(
    new ContainerModule(({ bind }) => {
      bindConstant(bind, INFRA.Config, deps.config);
      bindConstant(bind, INFRA.Logger, deps.logger);
      bindConstant(bind, INFRA.Database, deps.database);
      bindConstant(bind, INFRA.Knex, deps.database.knex);
      bindConstant(bind, INFRA.Metrics, metrics);
      bindConstant(bind, INFRA.Runtime, { worker: null, workerExpected: false });
    }),
    coreModule,
    organizationModule,
    accessModule,
    inventoryModule,
    billingModule,
    logisticsModule,
    webhooksModule,
    ...deps.apiModules,
  );
  // Metrics around the webhook ports, without changing what they do.
  container.onActivation<WebhookSender>(
    TOKENS.WebhookSender,
    (_ctx, sender) => new MeteredWebhookSender(sender, metrics),
  );
  container.onActivation<WebhookAlerts>(
    TOKENS.WebhookAlerts,
    (_ctx, alerts) => new MeteredWebhookAlerts(alerts, metrics),
  );
  return container;
}
