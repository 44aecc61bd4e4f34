import { ExternalApiClient, curlCommand } from '@inventory-billing/sdk';
import type { ProductView } from '../application/ports/inventory-repositories.js';
import type { Customer } from '../domain/billing/customer.js';
import type { FiscalYear } from '../domain/organization/fiscal-year.js';
import type { Branch, Tenant, Warehouse } from '../domain/organization/organization.js';

/** What the demo tenant holds after a seed. */
export interface DemoRecords {
  /** A second run: the tenant and its records were found, not created. */
  reused: boolean;
  tenant: Tenant;
  branch: Branch;
  fiscalYear: FiscalYear;
  warehouse: Warehouse;
  products: ProductView[];
  customers: Customer[];
}

/** The demo integration and its client secret, shown this once. */
export interface DemoIntegration {
  id: string;
  clientId: string;
  clientSecret: string;
}

/** `name  id` lines, the names padded to one width. */
function table(rows: [string, string][]): string[] {
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, id]) => `  ${name.padEnd(width)}  ${id}`);
}

function idLines(r: DemoRecords): string[] {
  return [
    `tenantId       ${r.tenant.id}`,
    `branchId       ${r.branch.id} (HQ)`,
    `fiscalYearId   ${r.fiscalYear.id} (${r.fiscalYear.code})`,
    `warehouseId    ${r.warehouse.id} (${r.warehouse.name})`,
    '',
    'Products (productId; each in stock in the warehouse above):',
    ...table(r.products.map((p) => [`${p.name} [${p.sku}], ${p.currentStock} on hand`, p.id])),
    '',
    'Customers (customerId):',
    ...table(r.customers.map((c) => [c.name, c.id])),
  ];
}

/** Signed requests to try at once, each a curl command against `baseUrl`. */
function tryLines(r: DemoRecords, client: ExternalApiClient, baseUrl: string, integrationId: string): string[] {
  const product = r.products[0];
  const reserve = product
    ? { warehouseId: r.warehouse.id, items: [{ productId: product.id, quantity: 1 }], reference: 'Demo order' }
    : undefined;
  return [
    `With the server running at ${baseUrl} (npm start; set BASE_URL for another address), this signed`,
    'request lists the products (valid 5 minutes, once):',
    `  ${curlCommand(client.prepare('GET', '/products'))}`,
    ...(reserve
      ? [
          'and this one reserves one of the first product:',
          `  ${curlCommand(client.prepare('POST', '/products/reserve', reserve))}`,
        ]
      : []),
    'Sign any other request the same way (prints a curl command; --json prints headers and body, --explain what is signed):',
    `  npm run --silent sign -- POST /api/v1/external/products/adjust '{"warehouseId":"${r.warehouse.id}","reason":"Count","items":[{"productId":"${product?.id ?? '<productId>'}","quantity":5,"type":"STOCK_IN"}]}'`,
    '',
    'To receive webhooks, give the integration a URL (its webhookSecret is in the answer, once):',
    `  curl -sS -X PATCH ${baseUrl}/api/v1/admin/integrations/${integrationId} -H "authorization: Bearer $ADMIN_TOKEN" -H 'content-type: application/json' -d '{"webhookUrl":"https://receiver.example/hooks"}'`,
    'A receiver on this machine (http://127.0.0.1:...) needs the server started with WEBHOOK_ALLOW_HTTP=true WEBHOOK_ALLOW_PRIVATE=true (development only).',
  ];
}

/** What `npm run seed:demo` prints: what it made (every id), the credentials once, and requests to try. */
export function demoReport(
  r: DemoRecords,
  demo: DemoIntegration,
  options: { baseUrl: string; integrationName: string; role: string },
): string {
  const { baseUrl } = options;
  const client = new ExternalApiClient({ baseUrl, clientId: demo.clientId, clientSecret: demo.clientSecret });
  return [
    r.reused
      ? `Reused the demo tenant "${r.tenant.name}" and its records (nothing duplicated); issued its integration a new client secret (the previous one works for 24 hours more).`
      : `Created the demo tenant "${r.tenant.name}".`,
    '',
    ...idLines(r),
    '',
    `integrationId  ${demo.id} ("${options.integrationName}", role ${options.role}: every external route; INVENTORY, BILLING and READ_ONLY are narrower)`,
    '',
    'Credentials (the secret is shown this once; keep it to sign requests):',
    `  export CLIENT_ID=${demo.clientId}`,
    `  export CLIENT_SECRET=${demo.clientSecret}`,
    `  export BASE_URL=${baseUrl}`,
    '',
    ...tryLines(r, client, baseUrl, demo.id),
    '',
  ].join('\n');
}
