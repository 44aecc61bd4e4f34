import { ExternalApiClient } from '@inventory-billing/sdk';
import { randomUUID } from 'node:crypto';
import { call } from './service.js';

/** Object mothers: a tenant with the records most tests need, created through the admin API. */
export interface TenantSetup {
  tenantId: string;
  branchId: string;
  fiscalYearId: string;
  warehouseId: string;
}

export async function createTenantSetup(baseUrl: string, name = 'Acme'): Promise<TenantSetup> {
  const ok = <T>(r: { status: number; body: { data: T } }, what: string): T => {
    if (r.status !== 201) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const tenant = ok<{ id: string }>(await call(baseUrl, 'POST', '/api/v1/admin/tenants', { body: { name } }), 'tenant');
  const base = `/api/v1/admin/tenants/${tenant.id}`;
  const branch = ok<{ id: string }>(
    await call(baseUrl, 'POST', `${base}/branches`, { body: { name: 'HQ', code: 'HQ' } }),
    'branch',
  );
  const year = ok<{ id: string }>(
    await call(baseUrl, 'POST', `${base}/fiscal-years`, {
      body: { code: '2026', startsOn: '2026-01-01', endsOn: '2026-12-31' },
    }),
    'fiscal year',
  );
  const warehouse = ok<{ id: string }>(
    await call(baseUrl, 'POST', `${base}/warehouses`, { body: { branchId: branch.id, name: 'Main' } }),
    'warehouse',
  );
  return { tenantId: tenant.id, branchId: branch.id, fiscalYearId: year.id, warehouseId: warehouse.id };
}

export async function createProduct(
  baseUrl: string,
  tenantId: string,
  body: { name: string; sku: string; price: number; minStock?: number; taxRate?: number },
): Promise<{ id: string; name: string; sku: string; price: number }> {
  const r = await call(baseUrl, 'POST', `/api/v1/admin/tenants/${tenantId}/products`, { body });
  if (r.status !== 201) throw new Error(`product: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export interface Credentials {
  id: string;
  clientId: string;
  clientSecret: string;
  webhookSecret?: string;
}

/** An integration of the tenant, created through the admin API; returns its one-time credentials. */
export async function createIntegration(
  baseUrl: string,
  setup: Pick<TenantSetup, 'tenantId' | 'branchId' | 'fiscalYearId'>,
  options: {
    role?: string;
    allowedIps?: string;
    webhookUrl?: string;
    webhookEvents?: string;
    requireSignedReads?: boolean;
  } = {},
): Promise<Credentials> {
  const r = await call(baseUrl, 'POST', '/api/v1/admin/integrations', {
    body: {
      tenantId: setup.tenantId,
      branchId: setup.branchId,
      fiscalYearId: setup.fiscalYearId,
      role: options.role ?? 'ADMIN',
      clientName: 'Test shop',
      ...options,
    },
  });
  if (r.status !== 201) throw new Error(`integration: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** The SDK client for an integration against the test server. */
export function clientFor(baseUrl: string, creds: Credentials, signReads = false): ExternalApiClient {
  return new ExternalApiClient({ baseUrl, clientId: creds.clientId, clientSecret: creds.clientSecret, signReads });
}

export async function createCustomer(
  baseUrl: string,
  tenantId: string,
  body: { name: string; email?: string } = { name: 'Ann' },
): Promise<{ id: string; name: string }> {
  const r = await call(baseUrl, 'POST', `/api/v1/admin/tenants/${tenantId}/customers`, { body });
  if (r.status !== 201) throw new Error(`customer: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** A tenant ready to bill: setup records, a customer, two products and the caller an integration would be. */
export interface BillingTenant extends TenantSetup {
  caller: { integrationId: string; tenantId: string; branchId: string; fiscalYearId: string };
  customerId: string;
  productIds: [string, string];
}

export async function createBillingTenant(baseUrl: string, name = 'Acme'): Promise<BillingTenant> {
  const setup = await createTenantSetup(baseUrl, name);
  const customer = await createCustomer(baseUrl, setup.tenantId);
  const mug = await createProduct(baseUrl, setup.tenantId, { name: 'Mug', sku: 'MUG', price: 8.99 });
  const tea = await createProduct(baseUrl, setup.tenantId, { name: 'Tea', sku: 'TEA', price: 3.5 });
  return {
    ...setup,
    caller: {
      integrationId: randomUUID(),
      tenantId: setup.tenantId,
      branchId: setup.branchId,
      fiscalYearId: setup.fiscalYearId,
    },
    customerId: customer.id,
    productIds: [mug.id, tea.id],
  };
}
