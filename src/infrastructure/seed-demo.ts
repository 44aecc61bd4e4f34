import { ExternalApiClient, curlCommand } from '@inventory-billing/sdk';
import type { AccessBackOffice, SetupBackOffice } from '../application/back-office.js';
import { TOKENS } from '../application/tokens.js';
import { loadConfig } from './config.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';
import { resolve } from './modules/bind.js';
import { startService } from './service.js';

/** What the seed drives: the back office's setup and integration use cases. */
type SeedUseCases = SetupBackOffice & AccessBackOffice;
import { describeStartupFailure } from './startup-errors.js';

const TENANT = 'Demo Shop';
const INTEGRATION = 'Demo integration';
const ROLE = 'ADMIN';
const PRODUCTS = [
  ['Espresso beans 1kg', 'COF-ESP-1K', 24.9, 10],
  ['Filter papers (100)', 'ACC-FLT-100', 3.5, 50],
  ['Ceramic mug', 'MUG-CER-01', 8.99, 20],
  ['Milk frother', 'ACC-FRO-01', 39.0, 5],
  ['Decaf beans 500g', 'COF-DEC-500', 12.49, 10],
] as const;

/**
 * `npm run seed:demo`: a demo tenant with a branch, the current fiscal year, a warehouse, a few
 * products and customers, and an ADMIN integration, all through the back office's use cases.
 * Idempotent: a second run reuses the "Demo Shop" tenant and its records, and issues the
 * integration a new client secret (the one printed before keeps working for 24 hours), since a
 * secret is never shown twice.
 */
async function seed(uc: SeedUseCases, port: number): Promise<string> {
  const year = new Date().getUTCFullYear();
  const existing = (await uc.listTenants.execute({ page: 1, limit: 100, search: TENANT })).items.find(
    (t) => t.name === TENANT,
  );
  const tenant = existing ?? (await uc.createTenant.execute({ name: TENANT }));
  const detail = await uc.getTenant.execute(tenant.id);
  const branch =
    detail.branches.find((b) => b.code === 'HQ') ??
    (await uc.createBranch.execute({ tenantId: tenant.id, name: 'Head office', code: 'HQ' }));
  const fiscalYear =
    detail.fiscalYears.find((y) => y.code === String(year)) ??
    (await uc.createFiscalYear.execute({
      tenantId: tenant.id,
      code: String(year),
      startsOn: `${year}-01-01`,
      endsOn: `${year}-12-31`,
    }));
  const warehouse =
    detail.warehouses[0] ??
    (await uc.createWarehouse.execute({ tenantId: tenant.id, branchId: branch.id, name: 'Main warehouse' }));
  if (!existing) {
    for (const [name, sku, price, minStock] of PRODUCTS) {
      await uc.createProduct.execute({ tenantId: tenant.id, name, sku, price, minStock });
    }
    await uc.createCustomer.execute({ tenantId: tenant.id, name: 'Walk-in customer' });
    await uc.createCustomer.execute({ tenantId: tenant.id, name: 'Cafe Aurora', email: 'orders@aurora.example' });
  }
  const known = detail.integrations.find((i) => i.state().clientName === INTEGRATION);
  let integrationId: string;
  let clientId: string;
  let clientSecret: string;
  if (known) {
    const rotated = await uc.rotateClientSecret.execute(known.id);
    ({ clientId, clientSecret } = rotated);
    integrationId = known.id;
  } else {
    const created = await uc.createIntegration.execute({
      tenantId: tenant.id,
      branchId: branch.id,
      fiscalYearId: fiscalYear.id,
      role: ROLE,
      clientName: INTEGRATION,
    });
    ({ clientId, clientSecret } = created);
    integrationId = created.integration.id;
  }

  const baseUrl = `http://localhost:${port}`;
  const client = new ExternalApiClient({ baseUrl, clientId, clientSecret });
  return [
    existing
      ? `Reused the demo tenant "${TENANT}" and its records (nothing duplicated); issued its integration a new client secret (the previous one works for 24 hours more).`
      : `Created the demo tenant "${TENANT}".`,
    '',
    `tenantId       ${tenant.id}`,
    `branchId       ${branch.id} (HQ)`,
    `fiscalYearId   ${fiscalYear.id} (${fiscalYear.code})`,
    `warehouseId    ${warehouse.id}`,
    `integrationId  ${integrationId} ("${INTEGRATION}", role ${ROLE}: every external route; INVENTORY, BILLING and READ_ONLY are narrower)`,
    '',
    'Credentials (the secret is shown this once; keep it to sign requests):',
    `  export CLIENT_ID=${clientId}`,
    `  export CLIENT_SECRET=${clientSecret}`,
    '',
    `With the server running (npm start), this signed request lists the products (valid 5 minutes, once):`,
    `  ${curlCommand(client.prepare('GET', '/products'))}`,
    'Sign any other request the same way (prints a curl command; --json prints headers and body):',
    `  npm run --silent sign -- POST /api/v1/external/products/adjust '{"warehouseId":"${warehouse.id}","reason":"Count","items":[{"productId":"<productId>","quantity":5,"type":"STOCK_IN"}]}'`,
    '',
    'To receive webhooks, give the integration a URL (its webhookSecret is in the answer, once):',
    `  curl -sS -X PATCH ${baseUrl}/api/v1/admin/integrations/${integrationId} -H "authorization: Bearer $ADMIN_TOKEN" -H 'content-type: application/json' -d '{"webhookUrl":"https://receiver.example/hooks"}'`,
    'A receiver on this machine (http://127.0.0.1:...) needs the server started with WEBHOOK_ALLOW_HTTP=true WEBHOOK_ALLOW_PRIVATE=true (development only).',
    '',
  ].join('\n');
}

const { config } = withLocalSecrets(loadConfig());
let service;
try {
  service = await startService(config, createLogger('warn'), 'none');
} catch (err) {
  console.error(describeStartupFailure(err, config));
  process.exit(1);
}
try {
  const uc = {
    ...resolve(service.container, TOKENS.SetupBackOffice),
    ...resolve(service.container, TOKENS.AccessBackOffice),
  };
  process.stdout.write(await seed(uc, config.port));
} finally {
  await service.stop();
}
