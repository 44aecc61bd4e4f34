import { ContainerModule } from 'inversify';
import type { Database } from '../database.js';
import type { Logger } from 'pino';
import type { GatewayUseCases } from '../../application/access/admit-request.js';
import type {
  AccessBackOffice,
  BillingBackOffice,
  GatewayBackOffice,
  InventoryBackOffice,
  LogisticsBackOffice,
  SetupBackOffice,
  ApprovalsBackOffice,
  StaffBackOffice,
  WebhooksBackOffice,
  BillingViews,
  InventoryViews,
  LogisticsViews,
} from '../../application/back-office.js';
import type { RecordTenancy } from '../../application/ports/staff-ports.js';
import type { AuthenticateStaff } from '../../application/staff/authenticate-staff.js';
import type { BillingUseCases } from '../../application/billing/index.js';
import type { InventoryUseCases } from '../../application/inventory/index.js';
import type { LogisticsUseCases } from '../../application/logistics/index.js';
import type { OrganizationUseCases } from '../../application/organization/index.js';
import { TOKENS } from '../../application/tokens.js';
import { createAdminRouter } from '../../adapters/http/admin-router.js';
import { createHttpApp } from '../../adapters/http/app.js';
import { authenticate } from '../../adapters/http/external/authenticate.js';
import { keyedAnswers } from '../../adapters/http/external/idempotency.js';
import { createExternalRouter } from '../../adapters/http/external/external-router.js';
import * as tables from '../../adapters/http/routes/index.js';
import {
  bindRoutes,
  type AdminAccess,
  type BoundRoute,
  type ExternalAccess,
} from '../../adapters/http/routes/route.js';
import type { Config } from '../config.js';
import { adminAuth } from '../../adapters/http/admin-auth.js';
import type { ServiceMetrics } from '../../adapters/metrics/service-metrics.js';
import { readiness } from '../readiness.js';
import { INFRA, type Runtime } from '../tokens.js';
import { bindFactory, bindGroup, type Bind } from './bind.js';

/**
 * Each route table bound to its own context's use cases only (the external tables to the
 * external groups, the admin tables to the back-office groups).
 */
function bindRouteTables(bind: Bind): void {
  bindGroup(bind, TOKENS.SetupBackOffice, {
    createTenant: TOKENS.CreateTenant,
    updateTenant: TOKENS.UpdateTenant,
    listTenants: TOKENS.ListTenants,
    getTenant: TOKENS.GetTenant,
    createBranch: TOKENS.CreateBranch,
    createFiscalYear: TOKENS.CreateFiscalYear,
    createWarehouse: TOKENS.CreateWarehouse,
    createProduct: TOKENS.CreateProduct,
    createCustomer: TOKENS.CreateCustomer,
  });
  bindExternalRoutes(bind);
  bindAdminRoutes(bind);
}

function bindExternalRoutes(bind: Bind): void {
  bindFactory(
    bind,
    INFRA.ExternalRoutes,
    (
      gateway: GatewayUseCases,
      organization: OrganizationUseCases,
      inventory: InventoryUseCases,
      billing: BillingUseCases,
      logistics: LogisticsUseCases,
    ): BoundRoute<ExternalAccess>[] => [
      ...bindRoutes(tables.USAGE_ROUTES, gateway),
      ...bindRoutes(tables.ORGANIZATION_ROUTES, organization),
      ...bindRoutes(tables.INVENTORY_ROUTES, inventory),
      ...bindRoutes(tables.BILLING_ROUTES, billing),
      ...bindRoutes(tables.LOGISTICS_ROUTES, logistics),
    ],
    [
      TOKENS.GatewayUseCases,
      TOKENS.OrganizationUseCases,
      TOKENS.InventoryUseCases,
      TOKENS.BillingUseCases,
      TOKENS.LogisticsUseCases,
    ],
  );
}

function bindAdminRoutes(bind: Bind): void {
  bindFactory(
    bind,
    INFRA.AdminRoutes,
    (
      setup: SetupBackOffice,
      access: AccessBackOffice,
      webhooks: WebhooksBackOffice,
      inventory: InventoryBackOffice,
      billing: BillingBackOffice,
      logistics: LogisticsBackOffice,
      gateway: GatewayBackOffice,
      staff: StaffBackOffice,
      approvals: ApprovalsBackOffice,
      inventoryViews: InventoryViews,
      billingViews: BillingViews,
      logisticsViews: LogisticsViews,
    ): BoundRoute<AdminAccess>[] => [
      ...bindRoutes(tables.SETUP_ADMIN_ROUTES, setup),
      ...bindRoutes(tables.ACCESS_ADMIN_ROUTES, access),
      ...bindRoutes(tables.WEBHOOK_ADMIN_ROUTES, webhooks),
      ...bindRoutes(tables.INVENTORY_ADMIN_ROUTES, inventory),
      ...bindRoutes(tables.BILLING_ADMIN_ROUTES, billing),
      ...bindRoutes(tables.LOGISTICS_ADMIN_ROUTES, logistics),
      ...bindRoutes(tables.GATEWAY_ADMIN_ROUTES, gateway),
      ...bindRoutes(tables.STAFF_ADMIN_ROUTES, staff),
      ...bindRoutes(tables.APPROVALS_ADMIN_ROUTES, approvals),
      ...bindRoutes(tables.TENANT_INVENTORY_VIEWS, inventoryViews),
      ...bindRoutes(tables.TENANT_BILLING_VIEWS, billingViews),
      ...bindRoutes(tables.TENANT_LOGISTICS_VIEWS, logisticsViews),
    ],
    [
      TOKENS.SetupBackOffice,
      TOKENS.AccessBackOffice,
      TOKENS.WebhooksBackOffice,
      TOKENS.InventoryBackOffice,
      TOKENS.BillingBackOffice,
      TOKENS.LogisticsBackOffice,
      TOKENS.GatewayBackOffice,
      TOKENS.StaffBackOffice,
      TOKENS.ApprovalsBackOffice,
      TOKENS.InventoryViews,
      TOKENS.BillingViews,
      TOKENS.LogisticsViews,
    ],
  );
}

/** The express app, its routers made from the bound tables. */
function bindHttpApp(bind: Bind): void {
  bindFactory(
    bind,
    INFRA.HttpApp,
    (
      config: Config,
      logger: Logger,
      database: Database,
      gateway: GatewayUseCases,
      metrics: ServiceMetrics,
      runtime: Runtime,
      externalRoutes: BoundRoute<ExternalAccess>[],
      adminRoutes: BoundRoute<AdminAccess>[],
      staff: AuthenticateStaff,
      tenancy: RecordTenancy,
    ) => {
      const keys = keyedAnswers(gateway.idempotency, logger, { lockTimeoutMs: config.idempotencyLockTimeoutMs });
      return createHttpApp({
        logger,
        trustProxy: config.trustProxy,
        bodyTimeoutMs: config.bodyTimeoutMs,
        ready: () => readiness(database.knex, runtime),
        callerWrites: database.replicas !== null,
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
            router: createAdminRouter(
              {
                authenticate: staff,
                tenancy,
                gate: {
                  bootstrapToken: config.adminToken,
                  publicOrigin: config.publicOrigin,
                  secureCookies: config.production,
                },
              },
              adminRoutes,
            ),
          },
          {
            path: '/api/v1/external',
            router: createExternalRouter(authenticate(gateway.admitRequest, externalRoutes), externalRoutes, keys),
          },
        ],
      });
    },
    [
      INFRA.Config,
      INFRA.Logger,
      INFRA.Database,
      TOKENS.GatewayUseCases,
      INFRA.Metrics,
      INFRA.Runtime,
      INFRA.ExternalRoutes,
      INFRA.AdminRoutes,
      TOKENS.AuthenticateStaff,
      TOKENS.RecordTenancy,
    ],
  );
}

export const httpModule = new ContainerModule(({ bind }) => {
  bindRouteTables(bind);
  bindHttpApp(bind);
});
