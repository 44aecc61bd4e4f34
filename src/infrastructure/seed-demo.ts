import type { AdminApiRequest } from '../adapters/cli/admin-api.js';
import { loadConfig } from './config.js';
import { localAdminApi } from './local-admin-api.js';
import { withLocalSecrets } from './local-secrets.js';
import { createLogger } from './logger.js';

/**
 * `npm run seed:demo`: a demo tenant with a branch, the current fiscal year, a warehouse, a few
 * products and customers, and an ADMIN integration whose credentials are printed once, all
 * created through the admin API, as the back office would.
 */
const { config } = withLocalSecrets(loadConfig());
const api = localAdminApi(config, createLogger('warn'));

/** One admin API call; its `data`, or a stop with the API's error. */
async function send(request: AdminApiRequest): Promise<{ id: string } & Record<string, unknown>> {
  const { body } = await api.send(request);
  if (!body.success) throw new Error(`${body.code}: ${body.message}`);
  return body.data as { id: string } & Record<string, unknown>;
}

try {
  const year = new Date().getUTCFullYear();
  const tenant = await send({ method: 'POST', path: '/tenants', body: { name: 'Demo Shop' } });
  const t = `/tenants/${tenant.id}`;
  const branch = await send({ method: 'POST', path: `${t}/branches`, body: { name: 'Head office', code: 'HQ' } });
  const fiscalYear = await send({
    method: 'POST',
    path: `${t}/fiscal-years`,
    body: { code: String(year), startsOn: `${year}-01-01`, endsOn: `${year}-12-31` },
  });
  const warehouse = await send({
    method: 'POST',
    path: `${t}/warehouses`,
    body: { branchId: branch.id, name: 'Main warehouse' },
  });
  const products = [];
  for (const [name, sku, price, minStock] of [
    ['Espresso beans 1kg', 'COF-ESP-1K', 24.9, 10],
    ['Filter papers (100)', 'ACC-FLT-100', 3.5, 50],
    ['Ceramic mug', 'MUG-CER-01', 8.99, 20],
    ['Milk frother', 'ACC-FRO-01', 39.0, 5],
    ['Decaf beans 500g', 'COF-DEC-500', 12.49, 10],
  ] as const) {
    products.push(await send({ method: 'POST', path: `${t}/products`, body: { name, sku, price, minStock } }));
  }
  const customers = [
    await send({ method: 'POST', path: `${t}/customers`, body: { name: 'Walk-in customer' } }),
    await send({
      method: 'POST',
      path: `${t}/customers`,
      body: { name: 'Cafe Aurora', email: 'orders@aurora.example' },
    }),
  ];
  const integration = await send({
    method: 'POST',
    path: '/integrations',
    body: {
      tenantId: tenant.id,
      branchId: branch.id,
      fiscalYearId: fiscalYear.id,
      role: 'ADMIN',
      clientName: 'Demo integration',
    },
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
          id: integration.id,
          clientId: integration.clientId,
          clientSecret: integration.clientSecret,
        },
      },
      null,
      2,
    ),
  );
} finally {
  await api.stop();
}
