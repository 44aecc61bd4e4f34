import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { GatewayUseCases } from '../../application/access/admit-request.js';
import type {
  AccessBackOffice,
  BillingBackOffice,
  GatewayBackOffice,
  InventoryBackOffice,
  LogisticsBackOffice,
  SetupBackOffice,
  WebhooksBackOffice,
} from '../../application/back-office.js';
import type { BillingUseCases } from '../../application/billing/index.js';
import type { InventoryUseCases } from '../../application/inventory/index.js';
import type { LogisticsUseCases } from '../../application/logistics/index.js';
import type { ListProducts } from '../../application/inventory/list-products.js';
import type { UpdateProduct } from '../../application/inventory/update-product.js';
import { TOKENS } from '../../application/tokens.js';
import { createAdminAccessRoutes } from '../../adapters/http/admin-access-routes.js';
import { createAdminBillingRoutes } from '../../adapters/http/admin-billing-routes.js';
import { createAdminInventoryRoutes } from '../../adapters/http/admin-inventory-routes.js';
import { createAdminLogisticsRoutes } from '../../adapters/http/admin-logistics-routes.js';
import { createAdminRouter } from '../../adapters/http/admin-router.js';
import { createAdminWebhookRoutes } from '../../adapters/http/admin-webhook-routes.js';
import { createHttpApp } from '../../adapters/http/app.js';
import { createAdminGatewayRoutes } from '../../adapters/http/admin-gateway-routes.js';
import { authenticate } from '../../adapters/http/external/authenticate.js';
import { idempotency } from '../../adapters/http/external/idempotency.js';
import { createUsageRoutes } from '../../adapters/http/external/usage-routes.js';
import { createBillingRoutes } from '../../adapters/http/external/billing-routes.js';
import { createExternalRouter } from '../../adapters/http/external/external-router.js';
import { createInventoryRoutes } from '../../adapters/http/external/inventory-routes.js';
import { createLogisticsRoutes } from '../../adapters/http/external/logistics-routes.js';
import { createCatalogueRoutes } from '../../adapters/http/external/products-routes.js';
import type { Config } from '../config.js';
import { adminAuth } from '../../adapters/http/admin-auth.js';
import type { ServiceMetrics } from '../../adapters/metrics/service-metrics.js';
import { pendingMigrations } from '../migrator.js';
import { INFRA, type Runtime } from '../tokens.js';

/** `/ready`: true, false when the database cannot be reached, or another reason the service cannot serve. */
async function readiness(knex: Knex, runtime: Runtime): Promise<boolean | string> {
  try {
    await knex.raw('select 1');
  } catch {
    return false;
  }
  const pending = await pendingMigrations(knex);
  if (pending.length > 0) return `Migrations not applied: ${pending.join(', ')}`;
  if (runtime.workerExpected && !runtime.worker?.started) return 'Webhook worker not running';
  return true;
}
import { bindFactory, bindGroup } from './bind.js';

/**
 * The express app: each router is built from its own context's use cases only (the admin
 * router's setup routes from the SetupBackOffice group).
 */
export const httpModule = new ContainerModule(({ bind }) => {
  bindGroup(bind, TOKENS.SetupBackOffice, {
    createTenant: TOKENS.CreateTenant,
    listTenants: TOKENS.ListTenants,
    getTenant: TOKENS.GetTenant,
    createBranch: TOKENS.CreateBranch,
    createFiscalYear: TOKENS.CreateFiscalYear,
    createWarehouse: TOKENS.CreateWarehouse,
    createProduct: TOKENS.CreateProduct,
    createCustomer: TOKENS.CreateCustomer,
  });
  bindFactory(
    bind,
    INFRA.HttpApp,
    (
      config: Config,
      logger: Logger,
      knex: Knex,
      setup: SetupBackOffice,
      access: AccessBackOffice,
      inventoryBackOffice: InventoryBackOffice,
      billingBackOffice: BillingBackOffice,
      logisticsBackOffice: LogisticsBackOffice,
      webhooks: WebhooksBackOffice,
      gateway: GatewayUseCases,
      gatewayBackOffice: GatewayBackOffice,
      inventory: InventoryUseCases,
      listProducts: ListProducts,
      updateProduct: UpdateProduct,
      billing: BillingUseCases,
      logistics: LogisticsUseCases,
      metrics: ServiceMetrics,
      runtime: Runtime,
    ) => {
      const keys = idempotency(gateway.idempotency, logger, { lockTimeoutMs: config.idempotencyLockTimeoutMs });
      return createHttpApp({
        logger,
        trustProxy: config.trustProxy,
        bodyTimeoutMs: config.bodyTimeoutMs,
        ready: () => readiness(knex, runtime),
        observability: {
          requests: metrics,
          // On the API port unless METRICS_PORT serves it; behind the admin token unless METRICS_AUTH=none.
          metrics:
            config.metricsPort === null
              ? {
                  source: metrics,
                  gate: config.metricsAuth === 'admin' ? adminAuth(config.adminToken ?? '') : undefined,
                }
              : undefined,
        },
        routers: [
          {
            path: '/api/v1/admin',
            router: createAdminRouter(config.adminToken ?? '', setup, [
              createAdminAccessRoutes(access),
              createAdminInventoryRoutes(inventoryBackOffice),
              createAdminBillingRoutes(billingBackOffice),
              createAdminLogisticsRoutes(logisticsBackOffice),
              createAdminWebhookRoutes(webhooks),
              createAdminGatewayRoutes(gatewayBackOffice),
            ]),
          },
          {
            path: '/api/v1/external',
            // Fixed paths (/products/stock, /products/adjust...) before /products/:id.
            router: createExternalRouter(
              [authenticate(gateway.admitRequest), keys],
              [
                createUsageRoutes(gateway),
                createInventoryRoutes(inventory),
                createCatalogueRoutes({ listProducts, updateProduct }),
                createBillingRoutes(billing),
                createLogisticsRoutes(logistics),
              ],
            ),
          },
        ],
      });
    },
    [
      INFRA.Config,
      INFRA.Logger,
      INFRA.Knex,
      TOKENS.SetupBackOffice,
      TOKENS.AccessBackOffice,
      TOKENS.InventoryBackOffice,
      TOKENS.BillingBackOffice,
      TOKENS.LogisticsBackOffice,
      TOKENS.WebhooksBackOffice,
      TOKENS.GatewayUseCases,
      TOKENS.GatewayBackOffice,
      TOKENS.InventoryUseCases,
      TOKENS.ListProducts,
      TOKENS.UpdateProduct,
      TOKENS.BillingUseCases,
      TOKENS.LogisticsUseCases,
      INFRA.Metrics,
      INFRA.Runtime,
    ],
  );
});
