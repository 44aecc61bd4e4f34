import type { BackOfficeUseCases } from '../application/back-office.js';
import { TOKENS } from '../application/tokens.js';
import { loadConfig } from './config.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';
import { startService } from './service.js';

/**
 * `npm run seed:demo`: a demo tenant with a branch, the current fiscal year, a warehouse, a few
 * products and customers, and an ADMIN integration whose credentials are printed once, all
 * created through the same use cases as the back office.
 */
const { config } = withLocalSecrets(loadConfig());
const service = await startService(config, createLogger('warn'), 'none');
try {
  const uc = service.container.get<BackOfficeUseCases>(TOKENS.BackOfficeUseCases);
  const year = new Date().getUTCFullYear();
  const tenant = await uc.createTenant.execute({ name: 'Demo Shop' });
  const branch = await uc.createBranch.execute({ tenantId: tenant.id, name: 'Head office', code: 'HQ' });
  const fiscalYear = await uc.createFiscalYear.execute({
    tenantId: tenant.id,
    code: String(year),
    startsOn: `${year}-01-01`,
    endsOn: `${year}-12-31`,
  });
  const warehouse = await uc.createWarehouse.execute({
    tenantId: tenant.id,
    branchId: branch.id,
    name: 'Main warehouse',
  });
  const products = [];
  for (const [name, sku, price, minStock] of [
    ['Espresso beans 1kg', 'COF-ESP-1K', 24.9, 10],
    ['Filter papers (100)', 'ACC-FLT-100', 3.5, 50],
    ['Ceramic mug', 'MUG-CER-01', 8.99, 20],
    ['Milk frother', 'ACC-FRO-01', 39.0, 5],
    ['Decaf beans 500g', 'COF-DEC-500', 12.49, 10],
  ] as const) {
    products.push((await uc.createProduct.execute({ tenantId: tenant.id, name, sku, price, minStock })).snapshot());
  }
  const customers = [
    await uc.createCustomer.execute({ tenantId: tenant.id, name: 'Walk-in customer' }),
    await uc.createCustomer.execute({ tenantId: tenant.id, name: 'Cafe Aurora', email: 'orders@aurora.example' }),
  ];
  const integration = await uc.createIntegration.execute({
    tenantId: tenant.id,
    branchId: branch.id,
    fiscalYearId: fiscalYear.id,
    role: 'ADMIN',
    clientName: 'Demo integration',
  });
  console.log(
    JSON.stringify(
      {
        tenant,
        branch,
        fiscalYear,
        warehouse,
        products: products.map((p) => ({ id: p.id, sku: p.sku })),
        customers,
        // Shown once, as at any integration's creation: keep them to sign requests.
        integration: {
          id: integration.integration.id,
          clientId: integration.clientId,
          clientSecret: integration.clientSecret,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await service.stop();
}
