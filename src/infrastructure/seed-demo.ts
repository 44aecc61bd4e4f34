import type { Container } from 'inversify';
import { TOKENS } from '../application/tokens.js';
import { loadConfig } from './config.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';
import { resolve } from './modules/bind.js';
import { demoReport, type DemoIntegration, type DemoRecords } from './seed-demo-report.js';
import { startService } from './service.js';
import { exitWithStartupFailure, settingsOrExit } from './startup.js';

const TENANT = 'Demo Shop';
const INTEGRATION = 'Demo integration';
const ROLE = 'ADMIN';
/** Name, SKU, price, minimum stock, and the stock the initial adjustment gives it. */
const PRODUCTS = [
  ['Espresso beans 1kg', 'COF-ESP-1K', 24.9, 10, 40],
  ['Filter papers (100)', 'ACC-FLT-100', 3.5, 50, 200],
  ['Ceramic mug', 'MUG-CER-01', 8.99, 20, 60],
  ['Milk frother', 'ACC-FRO-01', 39.0, 5, 12],
  ['Decaf beans 500g', 'COF-DEC-500', 12.49, 10, 30],
] as const;
const CUSTOMERS = [{ name: 'Walk-in customer' }, { name: 'Cafe Aurora', email: 'orders@aurora.example' }];
const INITIAL_STOCK_REASON = 'Initial stock (seed:demo)';

/** The use cases the seed drives: the back office's setup, integration and approval, and two lists. */
function useCases(container: Container) {
  return {
    ...resolve(container, TOKENS.SetupBackOffice),
    ...resolve(container, TOKENS.AccessBackOffice),
    requestAdjustment: resolve(container, TOKENS.RequestAdjustment),
    approveAdjustment: resolve(container, TOKENS.ApproveAdjustment),
    listProducts: resolve(container, TOKENS.ListProducts),
    listCustomers: resolve(container, TOKENS.ListCustomers),
  };
}
type SeedUseCases = ReturnType<typeof useCases>;

/** The tenant and its branch, fiscal year and warehouse: found by name or code, else created. */
async function organization(uc: SeedUseCases) {
  const year = String(new Date().getUTCFullYear());
  const existing = (await uc.listTenants.execute({ page: 1, limit: 100, search: TENANT })).items.find(
    (t) => t.name === TENANT,
  );
  const tenant = existing ?? (await uc.createTenant.execute({ name: TENANT }));
  const detail = await uc.getTenant.execute(tenant.id);
  const tenantId = tenant.id;
  const branch =
    detail.branches.find((b) => b.code === 'HQ') ??
    (await uc.createBranch.execute({ tenantId, name: 'Head office', code: 'HQ' }));
  const fiscalYear =
    detail.fiscalYears.find((y) => y.code === year) ??
    (await uc.createFiscalYear.execute({ tenantId, code: year, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` }));
  const warehouse =
    detail.warehouses[0] ??
    (await uc.createWarehouse.execute({ tenantId, branchId: branch.id, name: 'Main warehouse' }));
  const known = detail.integrations.find((i) => i.state().clientName === INTEGRATION);
  return { reused: existing !== undefined, tenant, branch, fiscalYear, warehouse, known };
}

type Organization = Awaited<ReturnType<typeof organization>>;

/**
 * The demo integration: created, or (a secret is never shown twice) issued a new client secret,
 * the one printed before working for 24 hours more.
 */
async function integration(uc: SeedUseCases, org: Organization): Promise<DemoIntegration> {
  if (org.known) {
    const rotated = await uc.rotateClientSecret.execute(org.known.id);
    return { id: org.known.id, clientId: rotated.clientId, clientSecret: rotated.clientSecret };
  }
  const created = await uc.createIntegration.execute({
    tenantId: org.tenant.id,
    branchId: org.branch.id,
    fiscalYearId: org.fiscalYear.id,
    role: ROLE,
    clientName: INTEGRATION,
  });
  return { id: created.integration.id, clientId: created.clientId, clientSecret: created.clientSecret };
}

/** The products and customers; the products stocked by one approved adjustment, so a reservation works at once. */
async function catalogue(uc: SeedUseCases, org: Organization, integrationId: string) {
  const tenantId = org.tenant.id;
  const ids: string[] = [];
  for (const [name, sku, price, minStock] of PRODUCTS) {
    ids.push((await uc.createProduct.execute({ tenantId, name, sku, price, minStock })).id);
  }
  for (const customer of CUSTOMERS) await uc.createCustomer.execute({ tenantId, ...customer });
  const caller = { integrationId, tenantId, branchId: org.branch.id, fiscalYearId: org.fiscalYear.id };
  const request = await uc.requestAdjustment.execute(caller, {
    warehouseId: org.warehouse.id,
    reason: INITIAL_STOCK_REASON,
    items: PRODUCTS.map(([, , , , stock], row) => ({ productId: ids[row]!, quantity: stock, type: 'STOCK_IN' })),
  });
  await uc.approveAdjustment.execute({ id: request.id, approvedBy: 'seed:demo' });
}

/** What the demo tenant holds now, for the report. */
async function records(uc: SeedUseCases, org: Organization, integrationId: string): Promise<DemoRecords> {
  const caller = { integrationId, tenantId: org.tenant.id, branchId: org.branch.id, fiscalYearId: org.fiscalYear.id };
  const products = await uc.listProducts.execute(caller, { page: 1, limit: 100 });
  const customers = await uc.listCustomers.execute(caller, { page: 1, limit: 100 });
  return {
    reused: org.reused,
    tenant: org.tenant,
    branch: org.branch,
    fiscalYear: org.fiscalYear,
    warehouse: org.warehouse,
    products: products.items,
    customers: customers.items,
  };
}

/**
 * `npm run seed:demo`: a demo tenant with a branch, the current fiscal year, a warehouse, a few
 * products (in stock) and customers, and an ADMIN integration, all through the use cases.
 * Idempotent: a second run reuses the "Demo Shop" tenant and its records.
 */
async function seed(uc: SeedUseCases, baseUrl: string): Promise<string> {
  const org = await organization(uc);
  const demo = await integration(uc, org);
  if (!org.reused) await catalogue(uc, org, demo.id);
  return demoReport(await records(uc, org, demo.id), demo, { baseUrl, integrationName: INTEGRATION, role: ROLE });
}

const { config } = settingsOrExit(() => withLocalSecrets(loadConfig()));
const baseUrl = (process.env.BASE_URL?.trim() || `http://localhost:${config.port}`).replace(/\/+$/, '');
let service;
try {
  service = await startService(config, createLogger('warn'), 'none');
} catch (err) {
  exitWithStartupFailure(err, config);
}
try {
  process.stdout.write(await seed(useCases(service.container), baseUrl));
} finally {
  await service.stop();
}
